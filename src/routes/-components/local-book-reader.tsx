/**
 * The reader's part for a downloaded book: its copy in IndexedDB, watched live (an edit or a
 * background refresh shows at once). Loaded only when a book is read from the device.
 */
import type { ReactNode } from 'react';
import { useLocalBook } from '../../features/offline/hooks/use-downloads';
import { type LocalBook, refreshBookCopy } from '../../features/offline/reading/local-book';

export function LocalBookReader({
  bookId,
  initial,
  children,
}: {
  bookId: number;
  /** The copy the loader read. */
  initial: LocalBook;
  /** The copy (null once its download is removed), and what to call after an edit. */
  children: (copy: LocalBook | null, onChanged: () => void) => ReactNode;
}) {
  const live = useLocalBook(bookId);
  return children(live === null ? null : (live ?? initial), () => void refreshBookCopy(bookId, { force: true }));
}
