import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type InputHTMLAttributes, useId, useRef, useState } from 'react';

/** Texts of spec §5 (contact form). */
export const CONTACT_FORM_TEXT = {
  nameRequired: 'Please provide your name.',
  emailInvalid: 'Please provide a valid email address.',
  messageRequired: 'Please enter your message.',
  consentLabel: 'I agree that my submitted data is being collected and stored.',
  consentRequired: 'You must agree before submitting.',
  success: 'Form submitted successfully!',
} as const;

interface ContactValues {
  name: string;
  email: string;
  message: string;
  consent: boolean;
}
type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const EMPTY: ContactValues = { name: '', email: '', message: '', consent: false };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side validation of the contact form; an empty object means valid. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = CONTACT_FORM_TEXT.nameRequired;
  if (!EMAIL_RE.test(values.email.trim())) errors.email = CONTACT_FORM_TEXT.emailInvalid;
  if (!values.message.trim()) errors.message = CONTACT_FORM_TEXT.messageRequired;
  if (!values.consent) errors.consent = CONTACT_FORM_TEXT.consentRequired;
  return errors;
}

/**
 * The contact form (spec §5): validated on the client only, no call is made. Errors appear
 * after the first submit attempt and then follow the input; a valid submit shows the alert.
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = showErrors ? validateContact(values) : {};

  const update = <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setSubmitted(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(values);
    const firstInvalid = (Object.keys(found) as (keyof ContactValues)[])[0];
    if (firstInvalid) {
      setShowErrors(true);
      setSubmitted(false);
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setShowErrors(false);
    setValues(EMPTY);
    setSubmitted(true);
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-label="Contact form">
      <Stack spacing={2.5}>
        {submitted && (
          <Alert severity="success" onClose={() => setSubmitted(false)}>
            {CONTACT_FORM_TEXT.success}
          </Alert>
        )}
        <TextField
          id={`${id}-name`}
          name="name"
          label="Name"
          required
          autoComplete="name"
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          id={`${id}-email`}
          name="email"
          type="email"
          label="Email"
          required
          autoComplete="email"
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <TextField
          id={`${id}-message`}
          name="message"
          label="Message"
          required
          multiline
          minRows={4}
          value={values.message}
          onChange={(e) => update('message', e.target.value)}
          error={Boolean(errors.message)}
          helperText={errors.message}
        />
        <FormControl error={Boolean(errors.consent)} required>
          <FormControlLabel
            control={
              <Checkbox
                name="consent"
                checked={values.consent}
                onChange={(e) => update('consent', e.target.checked)}
                slotProps={{
                  input: {
                    'aria-describedby': errors.consent ? `${id}-consent-error` : undefined,
                    'aria-invalid': Boolean(errors.consent),
                  } as InputHTMLAttributes<HTMLInputElement>,
                }}
              />
            }
            label={CONTACT_FORM_TEXT.consentLabel}
          />
          {errors.consent && <FormHelperText id={`${id}-consent-error`}>{errors.consent}</FormHelperText>}
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" size="large">
            Send message
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
