/** Organization member management calls of SPEC §7, with their query options and mutations. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, getAllPages } from '../../../lib/api-client';
import { messageOf } from '../../../lib/api-error';
import {
  type AddMember,
  type InvitationSent,
  invitationSentText,
  type MyInvitation,
  type OrganizationMember,
  type PendingInvitation,
} from '../../../contract/organizations';
import { normalizeEmail } from '../../../contract/email';

export type { AddMember, InvitationSent, MyInvitation, OrganizationMember, PendingInvitation } from '../../../contract/organizations';

export const organizationKeys = {
  all: ['organization'] as const,
  users: (organizationId: number) => [...organizationKeys.all, organizationId, 'users'] as const,
  invitations: (organizationId: number) => [...organizationKeys.all, organizationId, 'invitations'] as const,
  /** The signed-in user's own invitations (the query cache belongs to one user: lib/query-client). */
  mine: () => [...organizationKeys.all, 'my-invitations'] as const,
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

/** Invites an address: the person accepts or declines on their dashboard (the answer never names them). */
export async function addOrganizationMember(organizationId: number, member: AddMember): Promise<InvitationSent> {
  const { data } = await apiClient.post<InvitationSent>(`/accounts/organizations/${organizationId}/add-member/`, {
    ...member,
    email: normalizeEmail(member.email),
  });
  return data;
}

export async function removeOrganizationMember(organizationId: number, membershipId: number): Promise<void> {
  await apiClient.delete(`/accounts/organizations/${organizationId}/members/${membershipId}/`);
}

/** Every pending invitation of the organization (all pages). */
export function getPendingInvitations(organizationId: number): Promise<PendingInvitation[]> {
  return getAllPages<PendingInvitation>(`/accounts/organizations/${organizationId}/invitations/`);
}

export const pendingInvitationsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: organizationKeys.invitations(organizationId),
    queryFn: () => getPendingInvitations(organizationId),
  });

export async function withdrawInvitation(organizationId: number, invitationId: number): Promise<void> {
  await apiClient.delete(`/accounts/organizations/${organizationId}/invitations/${invitationId}/`);
}

/** The signed-in user's pending invitations, with each organization's name. */
export async function getMyInvitations(): Promise<MyInvitation[]> {
  const { data } = await apiClient.get<{ results: MyInvitation[] }>('/accounts/invitations/');
  return data.results;
}

export const myInvitationsQueryOptions = () => queryOptions({ queryKey: organizationKeys.mine(), queryFn: getMyInvitations });

/** Accepts (joins the organization) or declines an invitation; answers the server's sentence. */
export async function answerInvitation(invitationId: number, accept: boolean): Promise<string> {
  const { data } = await apiClient.post<{ detail: string }>(`/accounts/invitations/${invitationId}/answer/`, { accept });
  return data.detail;
}

/** Leaves the signed-in user's organization (not for its owner). */
export async function leaveOrganization(organizationId: number): Promise<void> {
  await apiClient.delete(`/accounts/organizations/${organizationId}/membership/`);
}

/** Hands the organization to one of its admins; the owner becomes an admin. */
export async function transferOwnership(organizationId: number, membershipId: number): Promise<void> {
  await apiClient.post(`/accounts/organizations/${organizationId}/transfer-ownership/`, { membership_id: membershipId });
}

export const MEMBER_MESSAGES = {
  fetchFailed: 'Failed to fetch organization users.',
  addFailed: 'Failed to add user.',
  invited: invitationSentText,
  invitationsFailed: 'Could not load the pending invitations.',
  withdrawn: (email: string) => `The invitation of ${email} was withdrawn.`,
  withdrawFailed: (email: string) => `Failed to withdraw the invitation of ${email}.`,
  confirmTransfer: (email: string) => `Make ${email} the owner of the organization? You stay an admin, and only the new owner can hand it back.`,
  transferred: (email: string) => `${email} is now the owner of the organization.`,
  transferFailed: 'Failed to hand over the organization.',
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

/** Invites an address; the pending invitations are reloaded after success. */
export function useAddMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: AddMember) => addOrganizationMember(organizationId, member),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) }),
  });
}

/** Withdraws a pending invitation; the list is reloaded after the answer. */
export function useWithdrawInvitation(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) => withdrawInvitation(organizationId, invitation.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) }),
  });
}

/** Hands the organization over; the members list is reloaded after the answer. */
export function useTransferOwnership(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: OrganizationMember) => transferOwnership(organizationId, member.organization_membership_id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.users(organizationId) }),
  });
}

/** Accepts or declines one of the signed-in user's invitations; their list is reloaded after the answer. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitation, accept }: { invitation: MyInvitation; accept: boolean }) => answerInvitation(invitation.id, accept),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.mine() }),
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
