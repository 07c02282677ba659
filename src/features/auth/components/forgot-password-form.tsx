import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import { fieldMessages, messageOf } from '../../../lib/api-error';
import { requestPasswordReset } from '../api/account-api';

export const FORGOT_TEXTS = {
  intro: 'Enter the email address of your account. We will send it a link to set a new password.',
  failed: 'The request could not be sent. Please try again.',
  offline: 'This device is offline. Asking for a new password needs a connection: connect to the internet and try again.',
} as const;

/** 'Forgot password?': asks for the account's email and says what happens next (the same answer for any address). */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const fields = fieldMessages(error);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setSent(await requestPasswordReset(email));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {sent}
        </Alert>
        <Typography variant="body2">Check your inbox (and the spam folder). No message? Ask again in a few minutes, or contact the institute.</Typography>
        <RouterLink to="/login">Back to Login</RouterLink>
      </Stack>
    );
  }

  return (
    <Box component="form" onSubmit={(event) => void onSubmit(event)} aria-label="Forgot password">
      <Stack spacing={2.5}>
        <Typography>{FORGOT_TEXTS.intro}</Typography>
        {error !== null && (
          <Alert severity="error" role="alert">
            {fields.email ? 'Check the email address below.' : messageOf(error, { fallback: FORGOT_TEXTS.failed, offline: FORGOT_TEXTS.offline })}
          </Alert>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          fullWidth
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(fields.email)}
          helperText={fields.email}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          {busy ? 'Sending...' : 'Send reset link'}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Remembered it? <RouterLink to="/login">Login</RouterLink>
        </Typography>
      </Stack>
    </Box>
  );
}
