import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ASSIGNABLE_ROLES, type AddMember, type AssignableRole } from '../../../contract/organizations';

export interface AddMemberFormProps {
  id: string;
  busy: boolean;
  /** Resolves to true when the member was added: the email is then cleared (SPEC §4). */
  onAdd: (member: AddMember) => Promise<boolean>;
  /** Whether the signed-in user may add a member with this role (only the owner or a superuser adds admins). */
  canAssign?: (role: AssignableRole) => boolean;
}

/** The add-user form (SPEC §2, §5): the user's email (required) and 'Assign Role', member or admin. */
export function AddMemberForm({ id, busy, onAdd, canAssign = () => true }: AddMemberFormProps) {
  const roles = ASSIGNABLE_ROLES.filter((value) => canAssign(value));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (await onAdd({ email, role })) setEmail('');
  };

  return (
    <Box component="form" id={id} onSubmit={onSubmit} aria-label="Add a user to the organization" sx={{ mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="User Email"
          name="email"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          label="Assign Role"
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as AssignableRole)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 160 }}
        >
          {roles.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 56, whiteSpace: 'nowrap' }}>
          {busy ? 'Adding...' : 'Add User'}
        </Button>
      </Stack>
    </Box>
  );
}
