/** An organization's assignments (issue 35): the list, create, edit and withdraw, for its admins and owner. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment, AssignmentUpdate, AssignmentWrite } from '../../../contract/progress';
import { apiClient, getAllPages } from '../../../lib/api-client';
import { organizationKeys } from './organization-members';
import { progressKeys } from './progress';

export type { Assignment, AssignmentUpdate, AssignmentWrite } from '../../../contract/progress';

// Under the organization's key: kept across reloads like the members list, so the card shows the last list offline.
export const assignmentKeys = {
  list: (organizationId: number) => [...organizationKeys.all, organizationId, 'assignments'] as const,
};

const assignmentsPath = (organizationId: number) => `/accounts/organizations/${organizationId}/assignments/`;

/** Every assignment of the organization. */
export function getAssignments(organizationId: number): Promise<Assignment[]> {
  return getAllPages<Assignment>(assignmentsPath(organizationId));
}

export const assignmentsQueryOptions = (organizationId: number) =>
  queryOptions({ queryKey: assignmentKeys.list(organizationId), queryFn: () => getAssignments(organizationId) });

export async function createAssignment(organizationId: number, assignment: AssignmentWrite): Promise<Assignment> {
  const { data } = await apiClient.post<Assignment>(assignmentsPath(organizationId), assignment);
  return data;
}

export async function updateAssignment(organizationId: number, assignmentId: number, changes: AssignmentUpdate): Promise<Assignment> {
  const { data } = await apiClient.patch<Assignment>(`${assignmentsPath(organizationId)}${assignmentId}/`, changes);
  return data;
}

export async function deleteAssignment(organizationId: number, assignmentId: number): Promise<void> {
  await apiClient.delete(`${assignmentsPath(organizationId)}${assignmentId}/`);
}

export const ASSIGNMENT_MESSAGES = {
  fetchFailed: 'Could not load the assignments.',
  saveFailed: 'Could not save the assignment.',
  withdrawFailed: 'Could not withdraw the assignment.',
  confirmWithdraw: 'Withdraw this assignment? Members will no longer see it.',
  created: (title: string) => `${title} was assigned.`,
  updated: (title: string) => `The assignment of ${title} was saved.`,
  withdrawn: (title: string) => `The assignment of ${title} was withdrawn.`,
  offline: 'You are offline: assigning, editing and withdrawing need a connection.',
} as const;

/** Assignments change what the progress view shows: both are reloaded after a change. */
function useInvalidateAssignments(organizationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assignmentKeys.list(organizationId) }),
      queryClient.invalidateQueries({ queryKey: progressKeys.organization(organizationId) }),
    ]);
}

export function useCreateAssignment(organizationId: number) {
  const invalidate = useInvalidateAssignments(organizationId);
  return useMutation({ mutationFn: (assignment: AssignmentWrite) => createAssignment(organizationId, assignment), onSuccess: invalidate });
}

export function useUpdateAssignment(organizationId: number) {
  const invalidate = useInvalidateAssignments(organizationId);
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: AssignmentUpdate }) => updateAssignment(organizationId, id, changes),
    onSuccess: invalidate,
  });
}

export function useWithdrawAssignment(organizationId: number) {
  const invalidate = useInvalidateAssignments(organizationId);
  return useMutation({ mutationFn: (assignment: Assignment) => deleteAssignment(organizationId, assignment.id), onSettled: invalidate });
}
