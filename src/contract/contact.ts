/**
 * The contact form (SPEC §5) and the messages it leaves for the institute: the form and the
 * server check a message with the same schema, so both say the spec's words for the same input.
 * The spec's rules are refinements (not `min(1)`/`email()`): the server's validator keeps a
 * refinement's own message, where it words the built-in checks its own way.
 */
import { idSchema } from './fields';
import { z } from './zod';

/** The texts of SPEC §5 "Contact form", and what the form says when sending fails. */
export const CONTACT_TEXT = {
  nameRequired: 'Please provide your name.',
  emailInvalid: 'Please provide a valid email address.',
  messageRequired: 'Please enter your message.',
  consentLabel: 'I agree that my submitted data is being collected and stored.',
  consentRequired: 'You must agree before submitting.',
  success: 'Form submitted successfully!',
  offline: 'This device is offline. Sending a message needs a connection: connect to the internet and send it again. What you typed is kept.',
  failed: 'Your message could not be sent because of a problem on our side. Please try again in a moment; what you typed is kept.',
} as const;

export const CONTACT_MAX_LENGTH = { name: 150, email: 254, message: 5000 } as const;

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const validEmail = z.email();

/** POST /contact/: what a visitor sends. */
export const contactRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .max(CONTACT_MAX_LENGTH.name, tooLong(CONTACT_MAX_LENGTH.name))
    .refine((name) => name.length > 0, CONTACT_TEXT.nameRequired),
  // Trimmed, kept as typed otherwise: an address to answer, not an account to match.
  email: z
    .string()
    .trim()
    .max(CONTACT_MAX_LENGTH.email, tooLong(CONTACT_MAX_LENGTH.email))
    .refine((email) => validEmail.safeParse(email).success, CONTACT_TEXT.emailInvalid),
  message: z
    .string()
    .trim()
    .max(CONTACT_MAX_LENGTH.message, tooLong(CONTACT_MAX_LENGTH.message))
    .refine((message) => message.length > 0, CONTACT_TEXT.messageRequired),
  consent: z.boolean().refine((consent) => consent, CONTACT_TEXT.consentRequired),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactField = keyof ContactRequest;

/** The first message of each field the schema refuses in `values`; an empty object when they can be sent. */
export function contactProblems(values: ContactRequest): Partial<Record<ContactField, string>> {
  const result = contactRequestSchema.safeParse(values);
  const problems: Partial<Record<ContactField, string>> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/** A message as superusers read it (GET /contact/messages/). */
export const contactMessageSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** When it arrived (ISO 8601, UTC). */
  created_at: z.string(),
  handled: z.boolean(),
  handled_at: z.string().nullable(),
  /** When the mail to CONTACT_TO went out; null while it has not (not configured, or it failed: the server log says why). */
  mailed_at: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** PATCH /contact/messages/{id}/ */
export const contactMessageUpdateSchema = z.strictObject({ handled: z.boolean() });
export type ContactMessageUpdate = z.input<typeof contactMessageUpdateSchema>;
