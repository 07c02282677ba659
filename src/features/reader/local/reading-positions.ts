/**
 * Where each user left off in each book on this device: the chapter and the scroll position.
 * Kept in localStorage, whose writes are synchronous: a position is written in full when the
 * reader leaves the page (pagehide), where an IndexedDB write begun then was lost. Positions an
 * earlier version kept in IndexedDB move here when the reader first opens (moveOldReadingPositions).
 */
import { db, type ReadingPosition } from '../../../lib/db';
import { readStoredObject } from '../../../lib/stored-json';

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

/** Moves the positions an earlier version kept in IndexedDB here (the reader's loader asks first); a failure is logged and tried again next time. */
export async function moveOldReadingPositions(): Promise<void> {
  try {
    const positions = await db.readingPositions.toArray();
    if (positions.length === 0) return;
    positions.forEach((position) => saveReadingPosition(position));
    await db.readingPositions.clear();
  } catch (error) {
    console.warn('Reading positions kept by an earlier version could not be moved', error);
  }
}
