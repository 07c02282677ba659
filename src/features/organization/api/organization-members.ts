/** Organization member management calls of SPEC §7, with their query options and mutations. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, getAllPages } from '../../../lib/api-client';
import { messageOf } from '../../../lib/api-error';
import type { AddedMember, AddMember, OrganizationMember } from '../../../contract/organizations';
import { normalizeEmail } from '../../../contract/email';

export type { AddedMember, AddMember, OrganizationMember } from '../../../contract/organizations';

export const organizationKeys = {
  all: ['organization'] as const,
  users: (organizationId: number) => [...organizationKeys.all, organizationId, 'users'] as const,
};

/** Every member (all pages of the list). */
export function getOrganizationUsers(organizationId: number): Promise<OrganizationMember[]> {
  return getAllPages<OrganizationMember>(`/accounts/organizations/${organizationId}/users/`);
}

export const organizationUsersQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.users(organizationId),
    queryFn: () => getOrganizationUsers(organizationId),
  });

export async function addOrganizationMember(organizationId: number, member: AddMember): Promise<AddedMember> {
  const { data } = await apiClient.post<AddedMember>(`/accounts/organizations/${organizationId}/add-member/`, {
    ...member,
    email: normalizeEmail(member.email),
  });
  return data;
}

export async function removeOrganizationMember(organizationId: number, membershipId: number): Promise<void> {
  await apiClient.delete(`/accounts/organizations/${organizationId}/members/${membershipId}/`);
}

export const MEMBER_MESSAGES = {
  fetchFailed: 'Failed to fetch organization users.',
  addFailed: 'Failed to add user.',
  added: (email: string, role: string) => `User ${email} added successfully as ${role}.`,
  removed: (email: string) => `User ${email} removed successfully.`,
  removeFailed: (email: string) => `Failed to remove user ${email}.`,
  confirmRemove: (email: string) => `Are you sure you want to remove ${email} from the organization?`,
} as const;

/** SPEC §8 members list: the server's detail, else 'Failed to fetch organization users.' */
export const fetchMembersErrorMessage = (error: unknown): string => messageOf(error, { fallback: MEMBER_MESSAGES.fetchFailed });

/** SPEC §8 add user: the detail, else the first email error, else the first error of the first field, else 'Failed to add user.' */
export const addMemberErrorMessage = (error: unknown): string => messageOf(error, { fallback: MEMBER_MESSAGES.addFailed, fieldErrors: 'first' });

/** SPEC §8 remove user: the server's detail, else 'Failed to remove user {email}.' */
export const removeMemberErrorMessage = (error: unknown, email: string): string => messageOf(error, { fallback: MEMBER_MESSAGES.removeFailed(email) });

/** Adds a member; the list is reloaded after success. */
export function useAddMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: AddMember) => addOrganizationMember(organizationId, member),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.users(organizationId) }),
  });
}

/** Removes a membership; the list is reloaded after the answer. */
export function useRemoveMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: OrganizationMember) => removeOrganizationMember(organizationId, member.organization_membership_id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.users(organizationId) }),
  });
}
