/**
 * An organization admin marks a member's practice repetition as verified: they watched it
 * (issue 37). Online only; the server answers the repetition with its verifier, which replaces
 * the one in the member's detail, and the view's verified counts are asked for again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberProgress } from '../../../contract/progress';
import type { Repetition } from '../../../contract/practice';
import { apiClient } from '../../../lib/api-client';
import { progressKeys } from './progress';

export type { Repetition } from '../../../contract/practice';

/** POST …/members/{membershipId}/repetitions/{id}/verify/. */
export async function verifyRepetition(organizationId: number, membershipId: number, repetitionId: number): Promise<Repetition> {
  const { data } = await apiClient.post<Repetition>(`/accounts/organizations/${organizationId}/members/${membershipId}/repetitions/${repetitionId}/verify/`);
  return data;
}

/** Verifies one of the member's repetitions (`userId` names the detail it shows in). */
export function useVerifyRepetition(organizationId: number, userId: number, membershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (repetitionId: number) => verifyRepetition(organizationId, membershipId, repetitionId),
    onSuccess: (verified) => {
      queryClient.setQueryData<MemberProgress>(progressKeys.member(organizationId, userId), (progress) =>
        progress
          ? {
              ...progress,
              drills: progress.drills.map((drill) => ({
                ...drill,
                repetitions: drill.repetitions.map((repetition) => (repetition.id === verified.id ? verified : repetition)),
              })),
            }
          : progress,
      );
      return queryClient.invalidateQueries({ queryKey: [...progressKeys.organization(organizationId), 'page'] });
    },
  });
}
