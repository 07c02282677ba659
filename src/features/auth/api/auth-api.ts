/** The accounts calls of SPEC §7 (register, login, logout, profile). */
import { apiClient } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';

export interface Credentials {
  email: string;
  password: string;
}

export type AccountType = 'individual' | 'organization';

/** SPEC §3 "Registration payload"; `organization_name` only for the organization type. */
export interface RegistrationPayload {
  email: string;
  password: string;
  password2: string;
  full_name: string;
  bio: string;
  phone_number: string;
  organization_name?: string;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface Profile extends SessionUser {
  id: number;
  bio: string;
  phone_number: string;
  date_joined: string;
}

/** A session check that hangs on a bad connection counts as "offline", not as signed out. */
const PROFILE_TIMEOUT_MS = 10_000;

export async function loginWithEmail(credentials: Credentials): Promise<TokenPair> {
  const { data } = await apiClient.post<TokenPair>('/accounts/login/', credentials);
  return data;
}

export async function registerAccount(payload: RegistrationPayload): Promise<TokenPair & { user: SessionUser }> {
  const { data } = await apiClient.post<TokenPair & { user: SessionUser }>('/accounts/register/', payload);
  return data;
}

/** Ends the sign-in the refresh token belongs to, on the server. */
export async function logoutSession(refresh: string): Promise<void> {
  await apiClient.post('/accounts/logout/', { refresh });
}

export async function getProfile(): Promise<Profile> {
  const { data } = await apiClient.get<Profile>('/accounts/profile/', { timeout: PROFILE_TIMEOUT_MS });
  return data;
}
