/** The signed-in member's assignments in every organization (GET /books/my-assignments/). */
import { queryOptions } from '@tanstack/react-query';
import type { MyAssignment } from '../../../contract/progress';
import { apiClient } from '../../../lib/api-client';
import { progressKeys } from './progress-keys';

export async function getMyAssignments(): Promise<MyAssignment[]> {
  const { data } = await apiClient.get<MyAssignment[]>('/books/my-assignments/');
  return data;
}

export const myAssignmentsQueryOptions = (userId: number) => queryOptions({ queryKey: progressKeys.assignments(userId), queryFn: getMyAssignments });
