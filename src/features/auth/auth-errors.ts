/** How an auth error (AuthState.error) is shown on the Login and Register screens (SPEC §8). */
import type { AuthError } from './auth-store';

export const GENERIC_ERROR = 'An error occurred';

/** The error's `detail`, else 'An error occurred'. */
export function errorDetail(error: AuthError | null): string {
  if (error && typeof error === 'object' && typeof error.detail === 'string') return error.detail;
  return GENERIC_ERROR;
}

/** The server's field errors (`{"email": ["…"]}`), each field's messages joined. */
export function fieldErrors(error: AuthError | null): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!error || typeof error !== 'object') return fields;
  for (const [field, value] of Object.entries(error)) {
    if (field === 'detail' || field === 'code') continue;
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (messages.length) fields[field] = messages.join(' ');
  }
  return fields;
}
