/**
 * Reading a downloaded book: local first (no request waited for), the copy belongs to its user,
 * where the reader left off, and the background refresh that never loses the copy.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseBook } from '../../../../src/contract/book-detail';
import type { Book, Chapter } from '../../../../src/contract/books';
import { writeBookText } from '../../../../src/features/downloads/db/downloads';
import { getReadingPosition, keepOnlyPositionsOf, saveReadingPosition } from '../../../../src/lib/reading-positions';
import { db, type OfflineBook } from '../../../../src/lib/db';
import { makeUser, fakeNetworkPerTest } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, lexicalText, makeBook, makeChapter, page, signInAs } from '../books/fixtures';

const network = fakeNetworkPerTest();

beforeEach(async () => {
  await Promise.all([db.books.clear(), db.chapters.clear(), db.readingPositions.clear(), db.outbox.clear(), db.meta.clear()]);
});

const CHAPTERS: Chapter[] = [
  makeChapter({ id: 11, title: 'Ergonomics', order: 1, content_delta: lexicalText('Stand square to the target.') }),
  makeChapter({ id: 12, title: 'Port Placement', order: 2, content_delta: lexicalText('Triangulate the ports.') }),
];

/** A complete copy, stored as a download stores it. */
async function storeCopy(userId: number, book: Book = makeBook({ cover_image_url: '' }), chapters: Chapter[] = CHAPTERS, overrides: Partial<OfflineBook> = {}) {
  await writeBookText(
    {
      userId,
      bookId: book.id,
      status: 'complete',
      book: parseBook(book),
      media: [],
      sizeBytes: 2048,
      serverUpdatedAt: book.updated_at,
      downloadedAt: Date.now(),
      checkedAt: Date.now(),
      error: null,
      ...overrides,
    },
    chapters,
  );
}

const pane = () => within(screen.getByTestId('reader-pane'));

describe('a downloaded book', () => {
  it('opens offline from the device, with no request to wait for, marked Available offline', async () => {
    signInAs(network.api, LEARNER);
    await storeCopy(LEARNER.user_id);
    network.setOnline(false);
    network.api.on('GET', /.*/, () => 'network');

    await renderApp('/book/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fundamentals of Laparoscopic Surgery' })).toBeInTheDocument();
    expect(pane().getByText('Stand square to the target.')).toBeInTheDocument();
    expect(await screen.findByText('Available offline')).toBeInTheDocument();
    expect(network.api.callsTo('/books/books/1/')).toHaveLength(0);
    expect(network.api.callsTo('/books/books/1/chapters/')).toHaveLength(0);
  });

  it("is not shown to another user of the device: offline, that user's reader says it needs a connection", async () => {
    await storeCopy(LEARNER.user_id);
    signInAs(network.api, makeUser({ user_id: 8, email: 'ravi@hospital.example' }));
    network.setOnline(false);

    await renderApp('/book/1');

    expect(await screen.findByText(/This book is not downloaded\. Connect to the internet to open it\./)).toBeInTheDocument();
    expect(screen.queryByText('Stand square to the target.')).not.toBeInTheDocument();
  });

  it('reopens where the reader left off', async () => {
    signInAs(network.api, LEARNER);
    await storeCopy(LEARNER.user_id);
    saveReadingPosition({ userId: LEARNER.user_id, bookId: 1, chapterId: 12, scrollY: 0 });
    network.setOnline(false);

    await renderApp('/book/1');

    expect(await pane().findByText('Triangulate the ports.')).toBeInTheDocument();
  });

  /** The learner's downloaded book, opened offline, and its second chapter (id 12) chosen. */
  async function choosePortPlacement() {
    signInAs(network.api, LEARNER);
    await storeCopy(LEARNER.user_id);
    network.setOnline(false);
    const { user } = await renderApp('/book/1');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Port Placement' }));
  }

  it('remembers the chapter chosen, for the next visit', async () => {
    await choosePortPlacement();

    await waitFor(() => expect(getReadingPosition(LEARNER.user_id, 1)?.chapterId).toBe(12));
  });

  it('writes the chapter chosen at once when the page is hidden (a phone switching apps), not after its delay', async () => {
    await choosePortPlacement();
    expect(getReadingPosition(LEARNER.user_id, 1)?.chapterId).not.toBe(12);

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }

    expect(getReadingPosition(LEARNER.user_id, 1)?.chapterId).toBe(12);
  });

  it('is refreshed in the background when the server copy changed', async () => {
    signInAs(network.api, LEARNER);
    await storeCopy(LEARNER.user_id, undefined, undefined, { checkedAt: 0 });
    const newer = makeBook({ cover_image_url: '', title: 'Fundamentals of Laparoscopic Surgery (2nd edition)', updated_at: '2026-03-01T10:00:00Z' });
    network.api.on('GET', '/books/books/1/', { status: 200, data: newer });
    network.api.on('GET', '/books/books/1/chapters/', () => page([...CHAPTERS, makeChapter({ id: 13, title: 'Suturing', order: 3 })]));

    await renderApp('/book/1');
    await screen.findByRole('heading', { level: 1, name: 'Fundamentals of Laparoscopic Surgery' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Fundamentals of Laparoscopic Surgery (2nd edition)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Suturing' })).toBeInTheDocument();
    expect((await db.books.get([LEARNER.user_id, 1]))?.serverUpdatedAt).toBe('2026-03-01T10:00:00Z');
  });

  it('keeps the copy when the background refresh fails', async () => {
    signInAs(network.api, LEARNER);
    await storeCopy(LEARNER.user_id, undefined, undefined, { checkedAt: 0 });
    network.api.on('GET', '/books/books/1/', { status: 500, data: { detail: 'Server error' } });

    await renderApp('/book/1');
    await screen.findByRole('heading', { level: 1, name: 'Fundamentals of Laparoscopic Surgery' });
    await waitFor(() => expect(network.api.callsTo('/books/books/1/')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const copy = await db.books.get([LEARNER.user_id, 1]);
    expect(copy?.status).toBe('complete');
    expect(await db.chapters.where('[userId+bookId]').equals([LEARNER.user_id, 1]).count()).toBe(2);
    expect(pane().getByText('Stand square to the target.')).toBeInTheDocument();
  });

  it('online, opens from the device too: the book and its chapters are not asked of the server', async () => {
    signInAs(network.api, LEARNER);
    await storeCopy(LEARNER.user_id);

    await renderApp('/book/1');

    expect(await pane().findByText('Stand square to the target.')).toBeInTheDocument();
    expect(network.api.callsTo('/books/books/1/')).toHaveLength(0);
    expect(network.api.callsTo('/books/books/1/chapters/')).toHaveLength(0);
  });
});

describe('reading positions on a shared device', () => {
  const OTHER_ID = LEARNER.user_id + 1;

  it("takes the signed-in user's positions from IndexedDB into localStorage, the newer of two kept", async () => {
    await db.readingPositions.bulkPut([
      { userId: LEARNER.user_id, bookId: 1, chapterId: 12, scrollY: 640, updatedAt: Date.now() - 60_000 },
      { userId: LEARNER.user_id, bookId: 2, chapterId: 21, scrollY: 0, updatedAt: Date.now() - 120_000 },
    ]);
    saveReadingPosition({ userId: LEARNER.user_id, bookId: 2, chapterId: 22, scrollY: 0 });

    await keepOnlyPositionsOf(LEARNER.user_id);

    expect(getReadingPosition(LEARNER.user_id, 1)).toMatchObject({ chapterId: 12, scrollY: 640 });
    expect(getReadingPosition(LEARNER.user_id, 2)?.chapterId).toBe(22);
    expect(await db.readingPositions.count()).toBe(0);
  });

  it("keeps the previous user's places out of the next user's localStorage, in their own rows, and gives them back at their next sign-in", async () => {
    saveReadingPosition({ userId: OTHER_ID, bookId: 3, chapterId: 31, scrollY: 1200 });
    saveReadingPosition({ userId: LEARNER.user_id, bookId: 1, chapterId: 11, scrollY: 80 });

    await keepOnlyPositionsOf(LEARNER.user_id);
    expect(JSON.parse(localStorage.getItem('reading_positions')!)).toEqual({ [`${LEARNER.user_id}:1`]: expect.objectContaining({ chapterId: 11 }) });
    expect(await db.readingPositions.toArray()).toEqual([expect.objectContaining({ userId: OTHER_ID, bookId: 3, chapterId: 31, scrollY: 1200 })]);

    await keepOnlyPositionsOf(OTHER_ID);
    expect(getReadingPosition(OTHER_ID, 3)).toMatchObject({ chapterId: 31, scrollY: 1200 });
    expect(getReadingPosition(LEARNER.user_id, 1)).toBeNull();
    expect(await db.readingPositions.toArray()).toEqual([expect.objectContaining({ userId: LEARNER.user_id, bookId: 1, chapterId: 11 })]);
  });
});
