/** Live views of the signed-in user's downloaded books. */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OfflineBook } from '../../../lib/db';
import { useStoredUser } from '../../../lib/session';
import { listOfflineBooks } from '../db/downloads';

/** The user's copy of one book: undefined while loading, null when there is none. */
export function useOfflineBook(bookId: number): OfflineBook | null | undefined {
  const userId = useStoredUser()?.user_id ?? null;
  return useLiveQuery(async () => (userId === null ? null : ((await db.bookCopy(userId, bookId)) ?? null)), [userId, bookId]);
}

/** Every copy of the user (undefined while loading). */
export function useOfflineBooks(): OfflineBook[] | undefined {
  const userId = useStoredUser()?.user_id ?? null;
  return useLiveQuery(async () => (userId === null ? [] : listOfflineBooks(userId)), [userId]);
}
