/** Books, chapters and signed-in users for the books, reader and editor component tests. */
import type { Book, Chapter } from '../../../../src/features/books/api/types';
import { parseBook } from '../../../../src/contract/book-detail';
import { db } from '../../../../src/lib/db';
import type { SessionUser } from '../../../../src/lib/session';
import { type FakeApi, makeUser, signIn } from '../../../helpers/fake-api';
import { lexicalDocument, textParagraph } from '../../../helpers/lexical-doc';

export const SUPERUSER = makeUser({ user_id: 1, email: 'director@institute.example', is_superuser: true, is_staff: true });
export const FACULTY = makeUser({ user_id: 2, email: 'faculty@institute.example', is_staff: true });
export const LEARNER = makeUser({ user_id: 7, email: 'learner@example.com' });

export function makeBook(overrides: Partial<Book> = {}): Book {
  return {
    id: 1,
    title: 'Fundamentals of Laparoscopic Surgery',
    author: 'Institute Faculty',
    description: 'Ergonomics, ports, pneumoperitoneum and suturing.',
    cover_image_url: '/media/images/2026-01/cover.png',
    chapter_count: 2,
    created_at: '2026-01-15T10:00:00Z',
    updated_at: '2026-01-15T10:00:00Z',
    owner: SUPERUSER.user_id,
    quiz: null,
    ...overrides,
  };
}

/** A one-paragraph Lexical document. */
export function lexicalText(text: string) {
  return lexicalDocument(textParagraph(text));
}

export function makeChapter(overrides: Partial<Chapter> = {}): Chapter {
  const id = overrides.id ?? 11;
  return {
    id,
    book: 1,
    title: `Chapter ${id}`,
    order: 1,
    content_delta: lexicalText(`Text of chapter ${id}.`),
    created_at: '2026-01-15T10:00:00Z',
    updated_at: '2026-01-15T10:00:00Z',
    ...overrides,
  };
}

export const page = <T>(results: T[]) => ({ status: 200, data: { count: results.length, next: null, previous: null, results } });

/** Signs the user in and answers the session check of the protected area. */
export function signInAs(api: FakeApi, user: SessionUser = LEARNER): void {
  signIn(user);
  api.on('GET', '/accounts/profile/', { status: 200, data: { id: user.user_id, ...user } });
}

/** A promise whose settling the test controls (an upload or save that is still running). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Stores a complete downloaded copy as a download leaves it: the book row and its chapters (replacing earlier ones). */
export async function storeCompleteCopy(userId: number, book: Book, chapters: Chapter[], downloadedAt = 1): Promise<void> {
  await db.transaction('rw', db.books, db.chapters, async () => {
    await db.chapters.where('[userId+bookId]').equals([userId, book.id]).delete();
    await db.chapters.bulkPut(chapters.map((chapter) => ({ ...chapter, book: book.id, userId, bookId: book.id })));
    await db.books.put({
      userId,
      bookId: book.id,
      status: 'complete',
      book: parseBook(book),
      media: [],
      sizeBytes: 1,
      serverUpdatedAt: book.updated_at,
      downloadedAt,
      checkedAt: downloadedAt,
      error: null,
    });
  });
}
