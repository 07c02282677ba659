/** Live views of the outbox for the signed-in user (Dexie live queries: every tab stays current). */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxRow } from '../../../lib/db';
import { useStoredUser } from '../../../lib/session';
import { outboxRowsOf, readLastSync } from '../../../lib/outbox/outbox-db';

export type AttemptSyncState = 'waiting' | 'sending' | 'synced' | 'rejected';

export interface AttemptSync {
  state: AttemptSyncState;
  /** The server's reason for a rejection, or the last transient failure while waiting. */
  reason: string | null;
}

/** The signed-in user's unsynced scores, oldest first (undefined while loading). */
export function useOutboxRows(): OutboxRow[] | undefined {
  const userId = useStoredUser()?.user_id ?? null;
  return useLiveQuery(() => (userId === null ? [] : outboxRowsOf(db, userId)), [userId]);
}

/** When the signed-in user's last score reached the server from this device (epoch ms), or null. */
export function useLastSync(): number | null | undefined {
  const userId = useStoredUser()?.user_id ?? null;
  return useLiveQuery(() => (userId === null ? null : readLastSync(db, userId)), [userId]);
}

/**
 * The sync state of one finished attempt, for the results screen: its outbox row's state, or
 * 'synced' once the row is gone (a row leaves only after the server's 2xx). Undefined while
 * loading, null when this device knows nothing of the attempt.
 */
export function useAttemptSync(attemptId: string | null | undefined): AttemptSync | null | undefined {
  const userId = useStoredUser()?.user_id ?? null;
  return useLiveQuery(async (): Promise<AttemptSync | null> => {
    if (!attemptId || userId === null) return null;
    const row = await db.outbox.get(attemptId);
    if (row && row.userId === userId) return { state: row.state, reason: row.lastError };
    const attempt = await db.attempts.get(attemptId);
    if (attempt && attempt.userId === userId && attempt.phase === 'completed') return { state: 'synced', reason: null };
    return null;
  }, [attemptId, userId]);
}
