/**
 * The session's pure rules, apart from its schemas (session.ts): a signed-in page needs these to
 * check the session, and must not build every accounts schema (zod) to get them.
 */
import type { SessionUser } from './session';

/** Emails are compared and stored trimmed and lower-cased: this is the one place that says so. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The claims of a session user, exactly the SPEC §3 fields (nothing else leaks into a token). */
export function toSessionClaims(user: SessionUser): SessionUser {
  return {
    user_id: user.user_id,
    email: user.email,
    full_name: user.full_name,
    organization_id: user.organization_id,
    organization_name: user.organization_name,
    organization_role: user.organization_role,
    is_superuser: user.is_superuser,
    is_staff: user.is_staff,
  };
}
