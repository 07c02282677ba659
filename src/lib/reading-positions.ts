/**
 * Where each user left off in each book on this device: the chapter and the scroll position.
 * The signed-in user's are kept in localStorage, whose writes are synchronous: a position is
 * written in full when the reader leaves the page (pagehide), where an IndexedDB write begun
 * then was lost. On a shared ward device the others' wait in their own IndexedDB rows: at each
 * sign-in and reader start (keepOnlyPositionsOf) localStorage gives the others' back to
 * IndexedDB and takes the signed-in user's from it, so the next user's storage holds nothing of
 * the previous one outside that user's rows.
 */
import Dexie from 'dexie';
import { db, type ReadingPosition } from './db';
import { readStoredObject } from './stored-json';

const KEY = 'reading_positions';

type Positions = Record<string, Omit<ReadingPosition, 'userId' | 'bookId'>>;

const keyOf = (userId: number, bookId: number) => `${userId}:${bookId}`;

const readPositions = (): Positions => readStoredObject<Positions[string]>(KEY);

function isPosition(value: unknown): value is Positions[string] {
  const position = value as Positions[string] | null;
  return Boolean(position) && Number.isInteger(position!.chapterId) && typeof position!.scrollY === 'number' && typeof position!.updatedAt === 'number';
}

/** Where `userId` left off in `bookId`, or null. */
export function getReadingPosition(userId: number, bookId: number): ReadingPosition | null {
  const position = readPositions()[keyOf(userId, bookId)];
  return isPosition(position) ? { userId, bookId, ...position } : null;
}

/** Remembers where the reader is; the newer of two positions of a book is kept. Throws when localStorage refuses it. */
export function saveReadingPosition({
  userId,
  bookId,
  chapterId,
  scrollY,
  updatedAt = Date.now(),
}: Omit<ReadingPosition, 'updatedAt'> & { updatedAt?: number }): void {
  const positions = readPositions();
  const known = positions[keyOf(userId, bookId)];
  if (isPosition(known) && known.updatedAt > updatedAt) return;
  positions[keyOf(userId, bookId)] = { chapterId, scrollY, updatedAt };
  localStorage.setItem(KEY, JSON.stringify(positions));
}

/**
 * Leaves only `userId`'s positions in localStorage: the other users' move to their IndexedDB
 * rows, `userId`'s come back from theirs (the newer of two kept). A failure is logged and tried
 * again at the next sign-in or reader start; nothing is removed from localStorage before
 * IndexedDB holds it.
 */
export async function keepOnlyPositionsOf(userId: number): Promise<void> {
  try {
    const others = Object.entries(readPositions()).flatMap(([key, position]) => {
      const [owner, book] = key.split(':').map(Number);
      return owner !== userId && Number.isInteger(owner) && Number.isInteger(book) && isPosition(position)
        ? [{ userId: owner!, bookId: book!, ...position }]
        : [];
    });
    const stored = await db.transaction('rw', db.readingPositions, async () => {
      for (const position of others) {
        const known = await db.readingPositions.get([position.userId, position.bookId]);
        if (!known || known.updatedAt <= position.updatedAt) await db.readingPositions.put(position);
      }
      const range = db.readingPositions.where('[userId+bookId]').between([userId, Dexie.minKey], [userId, Dexie.maxKey], true, true);
      const rows = await range.toArray();
      await range.delete();
      return rows;
    });
    stored.forEach((position) => saveReadingPosition(position));
    const positions = readPositions();
    for (const position of others) delete positions[keyOf(position.userId, position.bookId)];
    localStorage.setItem(KEY, JSON.stringify(positions));
  } catch (error) {
    console.warn('Reading positions of this device could not be sorted by user', error);
  }
}
