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
import { CONTACT_MAX_LENGTH, CONTACT_TEXT, type ContactField, contactProblems, type ContactRequest } from '../../../contract/contact';

type ContactValues = ContactRequest;
type ContactErrors = Partial<Record<ContactField, string>>;

const EMPTY: ContactValues = { name: '', email: '', message: '', consent: false };
const FIELDS: readonly ContactField[] = ['name', 'email', 'message', 'consent'];

/**
 * The contact form (spec §5): checked with the contract's schema, then sent to the institute
 * (POST /contact/). 'Form submitted successfully!' shows only once the server took the message;
 * offline, or when sending fails, the form says so and keeps what was typed. Errors appear after
 * the first submit attempt and then follow the input.
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The server's field messages, until the field is edited. */
  const [serverErrors, setServerErrors] = useState<ContactErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const errors: ContactErrors = { ...serverErrors, ...(showErrors ? contactProblems(values) : {}) };

  const update = <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((current) => {
      const rest = { ...current };
      delete rest[key];
      return rest;
    });
    setSubmitted(false);
  };

  const focusField = (field: ContactField) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = contactProblems(values);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      setShowErrors(true);
      setSubmitted(false);
      focusField(firstInvalid);
      return;
    }
    setShowErrors(false);
    setSubmitted(false);
    setFailure(null);
    if (!navigator.onLine) {
      setFailure(CONTACT_TEXT.offline);
      return;
    }
    setSending(true);
    try {
      let send;
      try {
        ({ sendContactMessage: send } = await import('../api/send-contact-message'));
      } catch {
        // The sending code could not be fetched: no connection (and no copy from the service worker yet).
        setFailure(CONTACT_TEXT.offline);
        return;
      }
      const outcome = await send(values);
      if (outcome.sent) {
        setValues(EMPTY);
        setServerErrors({});
        setSubmitted(true);
        return;
      }
      setServerErrors(outcome.fields);
      setFailure(outcome.problem);
      const first = FIELDS.find((field) => outcome.fields[field]);
      if (first) focusField(first);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Contact form" aria-busy={sending}>
      <Stack spacing={2.5}>
        {submitted && (
          <Alert severity="success" onClose={() => setSubmitted(false)}>
            {CONTACT_TEXT.success}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <TextField
          id={`${id}-name`}
          name="name"
          label="Name"
          required
          autoComplete="name"
          slotProps={{ htmlInput: { maxLength: CONTACT_MAX_LENGTH.name } }}
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
          slotProps={{ htmlInput: { maxLength: CONTACT_MAX_LENGTH.email } }}
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
          slotProps={{ htmlInput: { maxLength: CONTACT_MAX_LENGTH.message } }}
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
            label={CONTACT_TEXT.consentLabel}
          />
          {errors.consent && <FormHelperText id={`${id}-consent-error`}>{errors.consent}</FormHelperText>}
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={sending}>
            {sending ? 'Sending...' : 'Send message'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
