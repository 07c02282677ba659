/**
 * The accounts calls of SPEC §7 (register, login, logout, profile), typed from the contract.
 * The email is normalised here, with the contract's normalizeEmail, before it leaves the device.
 */
import type { z } from 'zod';
import type { LoginRequest, Profile, RegisterRequest, registeredSchema, SessionUser, TokenPair } from '../../../contract/session';
// The helpers apart from the schemas: checking the session builds no zod schema.
import { normalizeEmail } from '../../../contract/email';
import { toSessionClaims } from '../../../contract/session-claims';
import { apiClient } from '../../../lib/api-client';

export type { Profile, TokenPair } from '../../../contract/session';
/** Email and password as typed on the Login screen. */
export type Credentials = LoginRequest;
/** SPEC §3 "Registration payload"; `organization_name` only for the organization type. */
export type RegistrationPayload = RegisterRequest;
type Registered = z.infer<typeof registeredSchema>;

export type AccountType = 'individual' | 'organization';

/** A session check that hangs on a bad connection counts as "offline", not as signed out. */
const PROFILE_TIMEOUT_MS = 10_000;

export async function loginWithEmail(credentials: Credentials): Promise<TokenPair> {
  const { data } = await apiClient.post<TokenPair>('/accounts/login/', { ...credentials, email: normalizeEmail(credentials.email) });
  return data;
}

export async function registerAccount(payload: RegistrationPayload): Promise<Registered> {
  const { data } = await apiClient.post<Registered>('/accounts/register/', { ...payload, email: normalizeEmail(payload.email) });
  return data;
}

/** Ends the sign-in the refresh token belongs to, on the server. */
export async function logoutSession(refresh: string): Promise<void> {
  await apiClient.post('/accounts/logout/', { refresh });
}

/** The signed-in user as the profile gives it now: the session claims only (no bio or phone), fresher than the token's. */
export async function getProfileUser(): Promise<SessionUser> {
  const { data } = await apiClient.get<Profile>('/accounts/profile/', { timeout: PROFILE_TIMEOUT_MS });
  return toSessionClaims(data);
}
