import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toSessionClaims } from '../../../contract/session-claims';
import { fieldMessages, messageOf } from '../../../lib/api-error';
import { type SessionUser, storeSession, storeUser } from '../../../lib/session';
import { changePassword, getProfile, profileKeys, updateProfile } from '../api/account-api';

const OFFLINE = 'This device is offline. Changing your account needs a connection: connect to the internet and try again.';

/** The dashboard's account card (issue 14): 'Edit profile' and 'Change password'. */
export function AccountSettingsCard({ user }: { user: SessionUser }) {
  const id = useId();
  const [open, setOpen] = useState<'profile' | 'password' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
          Your account
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>
          Signed in as {user.email}
        </Typography>
        {notice && (
          <Alert severity="success" role="status" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="outlined" onClick={() => setOpen('profile')}>
            Edit profile
          </Button>
          <Button variant="outlined" onClick={() => setOpen('password')}>
            Change password
          </Button>
        </Stack>
      </CardContent>
      {open === 'profile' && (
        <EditProfileDialog
          user={user}
          onClose={(message) => {
            setOpen(null);
            if (message) setNotice(message);
          }}
        />
      )}
      {open === 'password' && (
        <ChangePasswordDialog
          onClose={(message) => {
            setOpen(null);
            if (message) setNotice(message);
          }}
        />
      )}
    </Card>
  );
}

function EditProfileDialog({ user, onClose }: { user: SessionUser; onClose: (message?: string) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: profileKeys.detail(user.user_id), queryFn: getProfile });
  const [values, setValues] = useState<{ full_name: string; bio: string; phone_number: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = fieldMessages(error);
  const current = values ?? (profile.data ? { full_name: profile.data.full_name, bio: profile.data.bio, phone_number: profile.data.phone_number } : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || busy) return;
    setBusy(true);
    setError(null);
    try {
      const updated = await updateProfile(current);
      queryClient.setQueryData(profileKeys.detail(user.user_id), updated);
      // The greeting and the navbar read the stored session user.
      storeUser(toSessionClaims(updated));
      onClose('Your profile has been saved.');
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  const field = (name: 'full_name' | 'bio' | 'phone_number') => ({
    name,
    value: current?.[name] ?? '',
    onChange: (event: { target: { value: string } }) => current && setValues({ ...current, [name]: event.target.value }),
    error: Boolean(fields[name]),
    helperText: fields[name],
    fullWidth: true,
    disabled: !current,
  });

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={`${id}-title`}>Edit profile</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {profile.isError && <Alert severity="error">{messageOf(profile.error, { fallback: 'Your profile could not be loaded.', offline: OFFLINE })}</Alert>}
            {error !== null && (
              <Alert severity="error" role="alert">
                {Object.keys(fields).length ? 'Check the fields below.' : messageOf(error, { fallback: 'Your profile could not be saved.', offline: OFFLINE })}
              </Alert>
            )}
            <TextField label="Full Name" required autoComplete="name" {...field('full_name')} />
            <TextField label="Bio" multiline minRows={3} {...field('bio')} />
            <TextField label="Phone Number" type="tel" autoComplete="tel" {...field('phone_number')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !current}>
            {busy ? 'Saving...' : 'Save profile'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ChangePasswordDialog({ onClose }: { onClose: (message?: string) => void }) {
  const id = useId();
  const [values, setValues] = useState({ current_password: '', password: '', password2: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = fieldMessages(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const changed = await changePassword(values);
      // Every other sign-in was ended; this device continues with the new pair.
      storeSession(changed.access, changed.refresh);
      onClose(changed.detail);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      required
      fullWidth
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      error={Boolean(fields[name])}
      helperText={fields[name]}
    />
  );

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={`${id}-title`}>Change password</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <Typography variant="body2">You stay signed in here; every other device signed in to your account is signed out.</Typography>
            {error !== null && (
              <Alert severity="error" role="alert">
                {Object.keys(fields).length
                  ? 'Check the fields below.'
                  : messageOf(error, { fallback: 'Your password could not be changed.', offline: OFFLINE })}
              </Alert>
            )}
            {field('current_password', 'Current Password', 'current-password')}
            {field('password', 'New Password', 'new-password')}
            {field('password2', 'Confirm New Password', 'new-password')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Change password'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
