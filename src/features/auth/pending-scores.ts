/**
 * The seam between logging out and the score outbox. Logging out while quiz scores still wait
 * to be sent must say so (on a shared ward tablet the scores stay on the device, keyed by the
 * user, and are sent after that user's next sign-in). The count is the signed-in user's rows
 * in the Dexie outbox (src/features/offline), read with a dynamic import so a visitor's pages
 * never load Dexie. Tests may swap the counter with `countPendingScoresWith`.
 */
import { getStoredUser } from '../../lib/session';

type PendingScoreCounter = () => Promise<number>;

const countOutbox: PendingScoreCounter = async () => {
  const userId = getStoredUser()?.user_id;
  if (userId === undefined) return 0;
  const { db } = await import('../../lib/db');
  return db.outbox.where('userId').equals(userId).count();
};

let counter: PendingScoreCounter = countOutbox;

/** Sets where pending scores are counted; returns a function restoring the previous one. */
export function countPendingScoresWith(next: PendingScoreCounter): () => void {
  const previous = counter;
  counter = next;
  return () => {
    counter = previous;
  };
}

/** How many of the signed-in user's quiz scores on this device have not reached the server. A failing count is 0, logged. */
export async function pendingScoreCount(): Promise<number> {
  try {
    const count = await counter();
    return Number.isFinite(count) && count > 0 ? count : 0;
  } catch (error) {
    console.warn('Could not count the scores waiting to sync', error);
    return 0;
  }
}
