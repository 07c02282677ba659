/** Where each user left off in each book: the chapter and the scroll position, on this device. */
import { db, type ReadingPosition } from '../../../lib/db';

export async function getReadingPosition(userId: number, bookId: number): Promise<ReadingPosition | null> {
  return (await db.readingPositions.get([userId, bookId])) ?? null;
}

export async function saveReadingPosition(position: Omit<ReadingPosition, 'updatedAt'>): Promise<void> {
  await db.readingPositions.put({ ...position, updatedAt: Date.now() });
}
