/**
 * The practice drills (issue 37) as the device keeps them: GET /practice/drills/ stored per user in
 * Dexie (db.drills) so the timer works offline. Read by practice and called, best effort, after a
 * book is downloaded (features/downloads): both features need it, neither may import the other.
 */
import type { Drill } from '../contract/practice';
import { getAllPages } from '../lib/api-client';
import { db } from '../lib/db';

/** Fetches every drill and replaces the user's stored list (a drill deleted on the server goes). Answers the drills. */
export async function syncDrills(userId: number): Promise<Drill[]> {
  const drills = await getAllPages<Drill>('/practice/drills/');
  const storedAt = Date.now();
  await db.transaction('rw', db.drills, async () => {
    await db.drills.where('userId').equals(userId).delete();
    await db.drills.bulkPut(drills.map((drill) => ({ userId, id: drill.id, drill, storedAt })));
  });
  return drills;
}

/** The drills refresh as a query: screens read Dexie, this only refreshes it. */
export const drillKeys = {
  list: (userId: number) => ['practice', 'drills', userId] as const,
};
