/** My downloads: the user's copies with size and 'Remove download', and the score sync card. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseBook } from '../../../../src/contract/book-detail';
import { writeCompletedAttempt } from '../../../../src/lib/outbox/outbox-db';
import { db } from '../../../../src/lib/db';
import { FakeApi, makeUser } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, makeBook, makeChapter, signInAs } from '../books/fixtures';
import { makeAttempt } from '../../lib/outbox/outbox-fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(async () => {
  api = new FakeApi();
  uninstall = api.install();
  await Promise.all([db.books.clear(), db.chapters.clear(), db.outbox.clear(), db.attempts.clear(), db.meta.clear()]);
});
afterEach(() => uninstall());

async function storeCopy(userId: number, id: number, title: string) {
  const book = makeBook({ id, title, cover_image_url: '' });
  await db.books.put({
    userId,
    bookId: id,
    status: 'complete',
    book: parseBook(book),
    media: [{ url: '/media/videos/suturing.mp4', kind: 'video', bytes: 12 * 1024 * 1024, stored: false }],
    sizeBytes: 3 * 1024 * 1024,
    serverUpdatedAt: book.updated_at,
    downloadedAt: Date.UTC(2026, 10, 20, 8, 30),
    checkedAt: Date.now(),
    error: null,
  });
  await db.chapters.put({ ...makeChapter({ id: id * 10, book: id }), userId, bookId: id });
}

describe('My downloads', () => {
  it("lists the signed-in user's downloaded books with size, last update and a working 'Remove download'", async () => {
    signInAs(api, LEARNER);
    await storeCopy(LEARNER.user_id, 1, 'Fundamentals of Laparoscopic Surgery');
    await storeCopy(99, 2, 'Somebody else’s book');
    const { user } = await renderApp('/downloads');

    const list = await screen.findByRole('list', { name: 'Downloaded books' });
    const item = within(list).getByRole('listitem', { name: 'Fundamentals of Laparoscopic Surgery' });
    expect(within(item).getByText('Available offline')).toBeInTheDocument();
    expect(within(item).getByText('Size: 3.0 MB')).toBeInTheDocument();
    expect(within(item).getByText(/^Last update: /)).toBeInTheDocument();
    expect(within(item).getByText('Video suturing.mp4 (12.0 MB)')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Download video' })).toBeInTheDocument();
    expect(screen.queryByText('Somebody else’s book')).not.toBeInTheDocument();
    expect(screen.getByText(/Downloaded books use 3\.0 MB\./)).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Remove download' }));
    expect(await screen.findByText(/You have not downloaded any books yet/)).toBeInTheDocument();
    expect(await db.chapters.where('[userId+bookId]').equals([LEARNER.user_id, 1]).count()).toBe(0);
    expect(await db.books.get([99, 2])).toBeDefined();
  });

  it('shows the scores waiting to sync, a rejection with the server reason, and exports them as a file', async () => {
    signInAs(api, LEARNER);
    api.on('POST', '/books/quizzes/:quizId/scores/', 'network' as never);
    const waiting = await writeCompletedAttempt(db, makeAttempt(LEARNER.user_id), { quizTitle: 'FLS basics' }, 1_000);
    const refused = await writeCompletedAttempt(db, makeAttempt(LEARNER.user_id), { quizTitle: 'Hernia quiz' }, 2_000);
    await db.outbox.update(refused.clientAttemptId, { state: 'rejected', lastError: 'This quiz has no version 2.' });
    await writeCompletedAttempt(db, makeAttempt(makeUser({ user_id: 99 }).user_id), { quizTitle: 'Not mine' }, 3_000);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:unsynced');
    URL.createObjectURL = createObjectURL as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    const { user } = await renderApp('/downloads');

    expect(await screen.findByText('2 quiz scores have not reached the server yet.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Scores not yet synced' });
    expect(within(list).getByText('FLS basics: 1/3')).toBeInTheDocument();
    expect(within(list).getByText(/This quiz has no version 2\./)).toBeInTheDocument();
    expect(within(list).getByText('Rejected by the server')).toBeInTheDocument();
    expect(screen.queryByText(/Not mine/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export unsynced results' }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(createObjectURL.mock.calls[0]![0]);
    });
    const exported = JSON.parse(text) as { user: string; attempts: { client_attempt_id: string; state: string }[] };
    expect(exported.user).toBe(LEARNER.email);
    expect(exported.attempts.map((a) => [a.client_attempt_id, a.state])).toEqual([
      [waiting.clientAttemptId, 'waiting'],
      [refused.clientAttemptId, 'rejected'],
    ]);
    click.mockRestore();
  });

  it("'Sync now' sends the waiting scores and records the time of the last sync", async () => {
    signInAs(api, LEARNER);
    let online = false;
    api.on('POST', '/books/quizzes/:quizId/scores/', () => (online ? { status: 201, data: { id: 1 } } : 'network'));
    await writeCompletedAttempt(db, makeAttempt(LEARNER.user_id), { quizTitle: 'FLS basics' }, 1_000);
    const { user } = await renderApp('/downloads');
    expect(await screen.findByText('1 quiz score has not reached the server yet.')).toBeInTheDocument();
    expect(screen.getByText('Last successful sync: never from this device')).toBeInTheDocument();

    online = true;
    await user.click(screen.getByRole('button', { name: 'Sync now' }));

    expect(await screen.findByText('All your quiz scores have reached the server.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Last successful sync: never from this device')).not.toBeInTheDocument());
  });
});
