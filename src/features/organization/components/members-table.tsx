import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrganizationMember } from '../api/organization-members';

const ROLE_COLOURS: Record<string, 'primary' | 'secondary' | 'default'> = { owner: 'primary', admin: 'secondary' };

/** The members table of SPEC §2: #, Full Name, Email, Role (a badge), Actions. */
export function MembersTable({
  members,
  currentUserId,
  removing,
  onRemove,
}: {
  members: OrganizationMember[];
  currentUserId: number;
  /** Membership ids whose removal is in progress. */
  removing: ReadonlySet<number>;
  onRemove: (member: OrganizationMember) => void;
}) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Organization members">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Full Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member, index) => {
            const busy = removing.has(member.organization_membership_id);
            return (
              <TableRow key={member.organization_membership_id} aria-busy={busy || undefined}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>{member.full_name}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={member.role_in_organization}
                    color={ROLE_COLOURS[member.role_in_organization.toLowerCase()] ?? 'default'}
                  />
                </TableCell>
                <TableCell>
                  {member.id === currentUserId ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                      Yourself
                    </Typography>
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      variant="outlined"
                      disabled={busy}
                      aria-label={busy ? `Removing ${member.email}` : `Remove ${member.email}`}
                      onClick={() => onRemove(member)}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {busy ? 'Removing...' : 'Remove'}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
