import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import { fieldMessages, messageOf } from '../../../lib/api-error';
import type { AccountType, RegistrationPayload } from '../api/auth-api';
import { AUTH_MESSAGES, authStore, useAuth } from '../auth-store';

interface RegistrationValues {
  full_name: string;
  email: string;
  password: string;
  password2: string;
  organization_name: string;
  bio: string;
  phone_number: string;
}

const EMPTY: RegistrationValues = { full_name: '', email: '', password: '', password2: '', organization_name: '', bio: '', phone_number: '' };

const TABS: { type: AccountType; label: string; submit: string }[] = [
  { type: 'individual', label: 'Individual Account', submit: 'Register as Individual' },
  { type: 'organization', label: 'Organization Account', submit: 'Register as Organization' },
];

/** The registration payload of SPEC §3; organization_name only for the organization type. */
export function registrationPayload(type: AccountType, values: RegistrationValues): RegistrationPayload {
  const payload: RegistrationPayload = {
    email: values.email,
    password: values.password,
    password2: values.password2,
    full_name: values.full_name.trim(),
    bio: values.bio.trim(),
    phone_number: values.phone_number.trim(),
  };
  if (type === 'organization') payload.organization_name = values.organization_name.trim();
  return payload;
}

/**
 * The Register screen's form (SPEC §2, §5): two tabs, individual or organization. The
 * values typed so far are kept when switching tabs. The server validates; its field errors
 * show under their fields and the alert shows its detail, else 'An error occurred'.
 */
export function RegisterForm() {
  const id = useId();
  const { loading, error } = useAuth();
  const [tab, setTab] = useState(0);
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const { type, submit } = TABS[tab]!;
  const fields = fieldMessages(error);
  const shownFields = new Set<string>(['full_name', 'email', 'password', 'password2', 'bio', 'phone_number', type === 'organization' ? 'organization_name' : '']);
  // Errors about fields this tab does not show still reach the user, in the alert.
  const otherErrors = Object.entries(fields).filter(([field]) => !shownFields.has(field));

  const field = (name: keyof RegistrationValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: Boolean(fields[name]),
    helperText: fields[name],
    fullWidth: true,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    void authStore.register(registrationPayload(type, values));
  };

  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, next: number) => setTab(next)}
        variant="fullWidth"
        aria-label="Account type"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t, index) => (
          <Tab key={t.type} label={t.label} id={`${id}-tab-${index}`} aria-controls={`${id}-panel`} sx={{ minHeight: 48, px: 1 }} />
        ))}
      </Tabs>
      <Box
        component="form"
        onSubmit={onSubmit}
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
      >
        <Stack spacing={2.5}>
          {error !== null && (
            <Alert severity="error">
              {messageOf(error, { fallback: AUTH_MESSAGES.generic })}
              {otherErrors.map(([name, message]) => (
                <Box key={name} component="span" sx={{ display: 'block' }}>
                  {message}
                </Box>
              ))}
            </Alert>
          )}
          <TextField label="Full Name" required autoComplete="name" {...field('full_name')} />
          <TextField label="Email" type="email" required autoComplete="email" {...field('email')} />
          <TextField label="Password" type="password" required autoComplete="new-password" {...field('password')} />
          <TextField label="Confirm Password" type="password" required autoComplete="new-password" {...field('password2')} />
          {type === 'organization' && (
            <TextField label="Organization Name" required autoComplete="organization" {...field('organization_name')} />
          )}
          <TextField label="Bio" multiline minRows={3} {...field('bio')} />
          <TextField label="Phone Number" type="tel" autoComplete="tel" {...field('phone_number')} />
          <Button type="submit" variant="contained" size="large" disabled={loading} fullWidth>
            {loading ? 'Registering...' : submit}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Already registered? <RouterLink to="/login">Login</RouterLink>
          </Typography>
        </Stack>
      </Box>
    </>
  );
}
