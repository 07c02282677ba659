/**
 * Reading a JWT access token on the device, without React or storage: shared by the page
 * (lib/session.ts) and the service worker (service-worker/session-refresh.ts). Nothing here
 * verifies a token; the server verifies every call.
 */
import { ORGANIZATION_ROLES, type OrganizationRole } from '../contract/roles';
import type { SessionUser } from '../contract/session';

/**
 * The Web Lock every token refresh runs under, in every tab and in the service worker:
 * refresh tokens rotate (each is single-use), so two refreshes must never run at once, and
 * the one that waited first looks whether the other already obtained a new pair.
 */
export const TOKEN_REFRESH_LOCK = 'lap-token-refresh';

function decodePayload(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = decodeURIComponent(
      Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function roleOf(value: unknown): OrganizationRole | null {
  const role = typeof value === 'string' ? value.toLowerCase() : '';
  return (ORGANIZATION_ROLES as readonly string[]).includes(role) ? (role as OrganizationRole) : null;
}

/** The user claims of an access token (not verified: the server verifies every call). */
export function decodeUser(access: string): SessionUser | null {
  const claims = decodePayload(access);
  if (!claims || typeof claims.user_id !== 'number' || typeof claims.email !== 'string') return null;
  return {
    user_id: claims.user_id,
    email: claims.email,
    full_name: typeof claims.full_name === 'string' ? claims.full_name : '',
    organization_id: typeof claims.organization_id === 'number' ? claims.organization_id : null,
    organization_name: typeof claims.organization_name === 'string' ? claims.organization_name : null,
    organization_role: roleOf(claims.organization_role),
    is_superuser: claims.is_superuser === true,
    is_staff: claims.is_staff === true,
  };
}

/** True when the token's `exp` has passed (with a little margin), or it cannot be read. */
export function isTokenExpired(token: string | null, marginSeconds = 10): boolean {
  const exp = token ? decodePayload(token)?.exp : undefined;
  return typeof exp !== 'number' || exp * 1000 <= Date.now() + marginSeconds * 1000;
}
