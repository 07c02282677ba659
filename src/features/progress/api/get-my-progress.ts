/** The signed-in user's reading and quiz figures per book begun (GET /books/my-progress/). */
import { queryOptions } from '@tanstack/react-query';
import type { BookProgress } from '../../../contract/progress';
import { apiClient } from '../../../lib/api-client';
import { progressKeys } from './progress-keys';

export async function getMyProgress(): Promise<BookProgress[]> {
  const { data } = await apiClient.get<BookProgress[]>('/books/my-progress/');
  return data;
}

export const myProgressQueryOptions = (userId: number) => queryOptions({ queryKey: progressKeys.mine(userId), queryFn: getMyProgress });
