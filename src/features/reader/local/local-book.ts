/**
 * Local-first reading: a book downloaded on this device is read from IndexedDB, at once and
 * with or without a network; the downloads feature keeps the copy fresh in the background.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type LocalBook } from '../../../lib/db';
import { getStoredUser, useStoredUser } from '../../../lib/session';

export type { LocalBook } from '../../../lib/db';

/** The signed-in user's complete copy of a book, or null. */
export async function loadLocalBook(bookId: number): Promise<LocalBook | null> {
  const userId = getStoredUser()?.user_id;
  return userId === undefined ? null : db.completeCopy(userId, bookId);
}

/** The same copy, live (an edit or a background refresh shows at once): undefined while loading, null when not downloaded. */
export function useLocalBook(bookId: number): LocalBook | null | undefined {
  const userId = useStoredUser()?.user_id ?? null;
  return useLiveQuery(() => (userId === null ? null : db.completeCopy(userId, bookId)), [userId, bookId]);
}
