/**
 * Account self-service calls (issue 14), typed from src/contract/account.ts: forgotten
 * password, reset by link, profile edit, password change.
 */
import type { ChangePasswordRequest, PasswordChanged, ProfileUpdateRequest, ResetPasswordRequest } from '../../../contract/account';
import type { Profile } from '../../../contract/session';
import { normalizeEmail } from '../../../contract/email';
import { apiClient } from '../../../lib/api-client';

export const profileKeys = { detail: (userId: number) => ['profile', userId] as const };

/** The signed-in user's whole profile (with bio and phone number). */
export async function getProfile(): Promise<Profile> {
  const { data } = await apiClient.get<Profile>('/accounts/profile/');
  return data;
}

export async function requestPasswordReset(email: string): Promise<string> {
  const { data } = await apiClient.post<{ detail: string }>('/accounts/password/forgot/', { email: normalizeEmail(email) });
  return data.detail;
}

/** Whether a reset link still works (400 with a `token` field error when not). */
export async function checkResetLink(token: string): Promise<void> {
  await apiClient.post('/accounts/password/reset/check/', { token });
}

export async function resetPassword(body: ResetPasswordRequest): Promise<string> {
  const { data } = await apiClient.post<{ detail: string }>('/accounts/password/reset/', body);
  return data.detail;
}

export async function updateProfile(body: ProfileUpdateRequest): Promise<Profile> {
  const { data } = await apiClient.patch<Profile>('/accounts/profile/', body);
  return data;
}

export async function changePassword(body: ChangePasswordRequest): Promise<PasswordChanged> {
  const { data } = await apiClient.post<PasswordChanged>('/accounts/password/change/', body);
  return data;
}
