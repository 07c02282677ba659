import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import { fieldMessages, messageOf } from '../../../lib/api-error';
import { AUTH_MESSAGES, authStore, useAuth } from '../auth-store';

const LOGIN_LABELS: Record<string, string> = { email: 'Email', password: 'Password' };

/** The alert's one line: the server's detail, else which fields to correct, else 'An error occurred'. */
function loginSummary(error: unknown, refusedFields: string[]): string {
  const detail = messageOf(error, { fallback: '' });
  if (detail) return detail;
  if (refusedFields.length === 0) return AUTH_MESSAGES.generic;
  return `Login failed: check ${refusedFields.map((name) => LOGIN_LABELS[name] ?? name).join(' and ')} below.`;
}

/**
 * The Login form (SPEC §2, §5): email (email type) and password, both required. The server's
 * failure shows in an alert (its detail — offline and lockout in plain words, see the auth
 * store —, else which fields to correct, else 'An error occurred'); field errors under their fields. The route redirects to /dashboard once signed in.
 */
export function LoginForm() {
  const { loading, error } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = fieldMessages(error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    void authStore.login({ email, password });
  };

  return (
    <Box component="form" onSubmit={onSubmit} aria-label="Login">
      <Stack spacing={2.5}>
        {error !== null && (
          <Alert severity="error" role="alert">
            {loginSummary(error, Object.keys(fields))}
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
        <TextField
          label="Password"
          name="password"
          type="password"
          required
          fullWidth
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(fields.password)}
          helperText={fields.password}
        />
        <RouterLink to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end', mt: '4px !important' }}>
          Forgot password?
        </RouterLink>
        <Button type="submit" variant="contained" size="large" disabled={loading} fullWidth>
          {loading ? 'Logging in...' : 'Login'}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          No account yet? <RouterLink to="/register">Register</RouterLink>
        </Typography>
      </Stack>
    </Box>
  );
}
