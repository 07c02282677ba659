/**
 * POST /contact/: the contact form's message to the institute, and what the visitor reads when
 * the server did not take it. The form loads this module when it sends, so the public pages load
 * no API client (nor its error helpers) before someone writes to the institute.
 */
import { CONTACT_TEXT, type ContactField, type ContactRequest } from '../../../contract/contact';
import { apiClient } from '../../../lib/api-client';
import { ApiError, fieldMessages, isNetworkError, messageOf } from '../../../lib/api-error';

const FIELDS: readonly string[] = ['name', 'email', 'message', 'consent'] satisfies ContactField[];

/** Sent, or why not: one sentence for the form, and the server's message per field. */
export type SendOutcome = { sent: true } | { sent: false; problem: string; fields: Partial<Record<ContactField, string>> };

function problemOf(error: unknown, fields: Partial<Record<ContactField, string>>): string {
  if (isNetworkError(error)) return CONTACT_TEXT.offline;
  if (error instanceof ApiError && error.reason === 'rate-limited') {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return `Several messages were sent from this connection in a short time. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}; what you typed is kept.`;
  }
  if (error instanceof ApiError && (error.reason === 'invalid' || error.reason === 'too-large')) {
    if (Object.keys(fields).length) return 'Please check the fields marked below; what you typed is kept.';
    return messageOf(error, { fallback: CONTACT_TEXT.failed });
  }
  // A server error (or anything unforeseen): never its technical text.
  return CONTACT_TEXT.failed;
}

export async function sendContactMessage(message: ContactRequest): Promise<SendOutcome> {
  try {
    await apiClient.post('/contact/', message);
    return { sent: true };
  } catch (error) {
    const fields: Partial<Record<ContactField, string>> = {};
    for (const [field, text] of Object.entries(fieldMessages(error))) if (FIELDS.includes(field)) fields[field as ContactField] = text;
    return { sent: false, problem: problemOf(error, fields), fields };
  }
}
