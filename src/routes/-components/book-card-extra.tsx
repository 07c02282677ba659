import { DownloadButton } from '../../features/downloads/components/download-button';
import { BookChaptersRead } from '../../features/progress/components/book-chapters-read';

/**
 * What a book's card in the list shows of this device: '3 of 8 chapters read' and the download
 * control. Both read IndexedDB, which the list does not need to show: the books route loads this
 * module beside the list, one chunk for both.
 */
export function BookCardExtra({ book }: { book: { id: number; title: string; chapter_count: number } }) {
  return (
    <>
      <BookChaptersRead bookId={book.id} chapterCount={book.chapter_count} />
      <DownloadButton compact bookId={book.id} bookTitle={book.title} />
    </>
  );
}
