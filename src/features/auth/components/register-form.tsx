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

/** The labels of the form's fields, for the summary line that names what to correct. */
const FIELD_LABELS: Record<keyof RegistrationValues, string> = {
  full_name: 'Full Name',
  email: 'Email',
  password: 'Password',
  password2: 'Confirm Password',
  organization_name: 'Organization Name',
  bio: 'Bio',
  phone_number: 'Phone Number',
};

/**
 * The alert's one summary line: the server's detail; else, when fields were refused, which
 * ones ('Registration failed: check Email and Password below.'); else 'An error occurred'.
 */
export function registrationSummary(error: unknown, refusedShownFields: string[]): string {
  const detail = messageOf(error, { fallback: '' });
  if (detail) return detail;
  const labels = refusedShownFields.map((name) => FIELD_LABELS[name as keyof RegistrationValues] ?? name);
  if (labels.length === 0) return AUTH_MESSAGES.generic;
  const named = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return `Registration failed: check ${named} below.`;
}

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
 * show under their fields and the alert's one line names the problem (the detail, or which
 * fields to correct); 'An error occurred' only when the server said nothing more.
 */
export function RegisterForm() {
  const id = useId();
  const { loading, error } = useAuth();
  const [tab, setTab] = useState(0);
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const { type, submit } = TABS[tab]!;
  const fields = fieldMessages(error);
  const shownFields = new Set<string>([
    'full_name',
    'email',
    'password',
    'password2',
    'bio',
    'phone_number',
    type === 'organization' ? 'organization_name' : '',
  ]);
  // Errors about fields this tab does not show still reach the user, in the alert.
  const otherErrors = Object.entries(fields).filter(([field]) => !shownFields.has(field));
  const refusedShown = Object.keys(fields).filter((field) => shownFields.has(field));
  // With only errors of fields this tab does not show, those messages are the summary.
  const summary = otherErrors.length && !refusedShown.length && !messageOf(error, { fallback: '' }) ? null : registrationSummary(error, refusedShown);

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
      <Box component="form" onSubmit={onSubmit} id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`}>
        <Stack spacing={2.5}>
          {error !== null && (
            <Alert severity="error" role="alert">
              {summary}
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
          {type === 'organization' && <TextField label="Organization Name" required autoComplete="organization" {...field('organization_name')} />}
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
