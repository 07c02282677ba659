/**
 * The session's claims, free of zod at run time (its schema is session.ts's): a signed-in page
 * needs this to store the user, and must not load every accounts schema for it.
 */
import type { SessionUser } from './session';

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
