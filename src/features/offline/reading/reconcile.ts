/**
 * Run once a signed-in page is shown (IndexedDB's code is loaded by then, for the score sync):
 * - the downloaded books hint (lib/downloaded-hint.ts) gets every complete copy of the user it missed
 *   (one kept before the hint was, or by the service worker, which has no localStorage). A book it
 *   names wrongly costs one read of IndexedDB, which corrects it, so nothing is taken off here;
 * - reading positions an earlier version kept in IndexedDB move to localStorage (reading-positions.ts).
 */
import { db } from '../../../lib/db';
import { hintDownloaded } from '../../../lib/downloaded-hint';
import { saveReadingPosition } from './reading-positions';

export async function reconcileReadingState(userId: number): Promise<void> {
  const copies = await db.books.where('userId').equals(userId).toArray();
  for (const copy of copies) if (copy.status === 'complete') hintDownloaded(userId, copy.bookId, true);
  const positions = await db.readingPositions.toArray();
  if (positions.length === 0) return;
  positions.forEach((position) => saveReadingPosition(position));
  await db.readingPositions.clear();
}
