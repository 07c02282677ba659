/** Free of zod: the sign-in and member forms use it before any schema is needed. */

/** Emails are compared and stored trimmed and lower-cased: this is the one place that says so. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
