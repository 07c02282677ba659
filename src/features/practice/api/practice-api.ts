/** The practice log's requests (issue 37): the user's repetitions refreshed into Dexie, and deleting one. */
import { queryOptions } from '@tanstack/react-query';
import type { Repetition } from '../../../contract/practice';
import { drillKeys, syncDrills } from '../../../api/sync-drills';
import { apiClient, getAllPages } from '../../../lib/api-client';
import { db } from '../../../lib/db';
import { forgetRepetition, storeServerRepetitions } from '../db/practice-log';

export const practiceKeys = {
  drills: drillKeys.list,
  repetitions: (userId: number) => ['practice', 'repetitions', userId] as const,
};

/** Fetches every repetition of the signed-in user (newest first, 1000 a page) and replaces the device's copy. */
export async function syncRepetitions(userId: number): Promise<number> {
  const records = await getAllPages<Repetition>('/practice/my-repetitions/?page_size=1000');
  await storeServerRepetitions(db, userId, records);
  return records.length;
}

/**
 * The drills refresh as a query: the screens read Dexie, this only refreshes it, and a failure keeps
 * what the device holds. No retry: offline it fails at once (the screen says so) instead of waiting
 * paused; the next visit or focus asks again.
 */
export const drillsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: practiceKeys.drills(userId), queryFn: async () => (await syncDrills(userId)).length, staleTime: 30_000, retry: false });

/** The repetitions refresh as a query, likewise. */
export const repetitionsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: practiceKeys.repetitions(userId), queryFn: () => syncRepetitions(userId), staleTime: 30_000, retry: false });

/** DELETE /practice/my-repetitions/{id}/ (unverified only), then drops it from the device. */
export async function deleteRepetition(userId: number, id: number, clientId: string): Promise<void> {
  await apiClient.delete(`/practice/my-repetitions/${id}/`);
  await forgetRepetition(db, userId, clientId);
}
