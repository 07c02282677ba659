import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import { fieldMessages, messageOf } from '../../../lib/api-error';
import { checkResetLink, resetPassword } from '../api/account-api';

const FAILED = 'The new password could not be set. Please try again.';
const OFFLINE = 'This device is offline. Setting a new password needs a connection: connect to the internet and try again.';

/**
 * The page a reset link opens: a new password twice; then the way to Login. The link is checked
 * as the page opens, so a used or expired one is refused before anything is typed; when the check
 * cannot be made (offline, a server error) the form stays and the reset itself decides.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const fields = fieldMessages(error);

  useEffect(() => {
    if (!token) return;
    let current = true;
    checkResetLink(token).catch((failure: unknown) => {
      const refusal = fieldMessages(failure).token;
      if (current && refusal) setLinkRefused(refusal);
    });
    return () => {
      current = false;
    };
  }, [token]);

  if (!token) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">This page needs the link from the email. Ask for a new one.</Alert>
        <RouterLink to="/forgot-password">Forgot password?</RouterLink>
      </Stack>
    );
  }
  if (linkRefused) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {linkRefused}
        </Alert>
        <RouterLink to="/forgot-password">Ask for a new link</RouterLink>
      </Stack>
    );
  }
  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {done}
        </Alert>
        <RouterLink to="/login">Go to Login</RouterLink>
      </Stack>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setDone(await resetPassword({ token, password, password2 }));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={(event) => void onSubmit(event)} aria-label="Set a new password">
      <Stack spacing={2.5}>
        {error !== null && (
          <Alert severity="error" role="alert">
            {fields.token ?? (fields.password || fields.password2 ? 'Check the new password below.' : messageOf(error, { fallback: FAILED, offline: OFFLINE }))}
            {fields.token && (
              <Box component="span" sx={{ display: 'block', mt: 1 }}>
                <RouterLink to="/forgot-password">Ask for a new link</RouterLink>
              </Box>
            )}
          </Alert>
        )}
        <Typography>Choose a new password for your account. Every device signed in to it will be signed out.</Typography>
        <TextField
          label="New Password"
          name="password"
          type="password"
          required
          fullWidth
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(fields.password)}
          helperText={fields.password}
        />
        <TextField
          label="Confirm New Password"
          name="password2"
          type="password"
          required
          fullWidth
          autoComplete="new-password"
          value={password2}
          onChange={(e) => setPassword2(e.target.value)}
          error={Boolean(fields.password2)}
          helperText={fields.password2}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          {busy ? 'Saving...' : 'Set new password'}
        </Button>
      </Stack>
    </Box>
  );
}
