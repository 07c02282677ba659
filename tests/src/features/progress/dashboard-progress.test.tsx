/**
 * The learner's side of issue 35 on the dashboard and the books list: 'Assigned to you' with
 * statuses recomputed from the server's figures and this device's reads, readable offline from
 * the last sync; '3 of 8 chapters read' per book; the visibility notice shown once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BookProgress, MyAssignment } from '../../../../src/contract/progress';
import { progressKeys } from '../../../../src/features/progress/api/progress-keys';
import { db } from '../../../../src/lib/db';
import { writeChapterRead } from '../../../../src/lib/outbox/reading-outbox';
import { createQueryClient, persistQueryCache, QUERY_CACHE_KEY } from '../../../../src/lib/query-client';
import { makeUser, fakeNetworkPerTest } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { makeBook, page, signInAs } from '../books/fixtures';

const network = fakeNetworkPerTest();

const MEMBER = makeUser({ user_id: 7, organization_id: 5, organization_name: 'City Hospital Surgery', organization_role: 'member' });
const ORG = { id: 5, name: 'City Hospital Surgery' };

const BOOKS = [
  makeBook({ id: 1, title: 'Fundamentals of Laparoscopic Surgery', chapter_count: 2 }),
  makeBook({ id: 2, title: 'Suturing and Knot Tying', chapter_count: 3 }),
  makeBook({ id: 3, title: 'Ergonomics in the Theatre', chapter_count: 4 }),
];

function assignment(overrides: Partial<MyAssignment>): MyAssignment {
  return {
    id: 1,
    organization: ORG,
    book: 1,
    book_title: 'Fundamentals of Laparoscopic Surgery',
    due_date: null,
    note: '',
    pass_mark: 70,
    chapters_read: 0,
    chapter_count: 2,
    attempts: 0,
    best_percentage: null,
    has_quiz: false,
    status: 'not_started',
    ...overrides,
  };
}

const ASSIGNMENTS: MyAssignment[] = [
  // The server has chapter 11 read; chapter 12 was read on this device, offline: all read, no quiz → done.
  assignment({ id: 1, due_date: '2099-01-10', chapters_read: 1, status: 'in_progress', note: 'Before your first list as assistant.' }),
  // Past its due date, nothing done.
  assignment({ id: 2, book: 2, book_title: 'Suturing and Knot Tying', chapter_count: 3, due_date: '2020-01-01', has_quiz: true, status: 'overdue' }),
  // All read, but the quiz's best score is below the pass mark.
  assignment({
    id: 3,
    book: 3,
    book_title: 'Ergonomics in the Theatre',
    chapter_count: 4,
    chapters_read: 4,
    attempts: 2,
    best_percentage: 62.5,
    has_quiz: true,
    status: 'in_progress',
  }),
];

const PROGRESS: BookProgress[] = [
  { book: 1, chapters_read: 1, chapter_count: 2, read_chapters: [11], attempts: 0, best_percentage: null, last_activity: '2026-11-20T10:00:00Z' },
  { book: 3, chapters_read: 4, chapter_count: 4, read_chapters: [31, 32, 33, 34], attempts: 2, best_percentage: 62.5, last_activity: '2026-11-21T10:00:00Z' },
];

function answerProgress(user = MEMBER) {
  signInAs(network.api, user);
  network.api.on('GET', '/books/my-scores/', { status: 200, data: [] });
  network.api.on('GET', '/accounts/my-invitations/', { status: 200, data: [] });
  network.api.on('GET', '/books/books/', page(BOOKS));
  network.api.on('GET', '/books/my-progress/', { status: 200, data: PROGRESS });
  network.api.on('GET', '/books/my-assignments/', { status: 200, data: ASSIGNMENTS });
  network.api.on('POST', '/books/reading/', () => 'network');
}

const assignedCard = async () => within(await screen.findByRole('region', { name: 'Assigned to you' }));

describe("'Assigned to you'", () => {
  it("lists each assignment with its book, due date, chapters read, best score, note and the status recomputed with this device's reads", async () => {
    answerProgress();
    await writeChapterRead(db, { userId: MEMBER.user_id, bookId: 1, chapterId: 12 });

    await renderApp('/dashboard');
    const card = await assignedCard();
    await card.findByRole('listitem', { name: 'Fundamentals of Laparoscopic Surgery' });
    const items = card.getAllByRole('listitem');
    // Soonest due first, no due date last.
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Suturing and Knot Tying',
      'Fundamentals of Laparoscopic Surgery',
      'Ergonomics in the Theatre',
    ]);

    const fls = within(card.getByRole('listitem', { name: 'Fundamentals of Laparoscopic Surgery' }));
    await waitFor(() => expect(fls.getByText('Done')).toBeInTheDocument());
    expect(fls.getByText('Due 10 Jan 2099 · 2 of 2 chapters read · No quiz')).toBeInTheDocument();
    expect(fls.getByText('Before your first list as assistant.')).toBeInTheDocument();
    expect(fls.getByRole('link', { name: 'Fundamentals of Laparoscopic Surgery' })).toHaveAttribute('href', '/book/1');

    const suturing = within(card.getByRole('listitem', { name: 'Suturing and Knot Tying' }));
    expect(suturing.getByText('Overdue')).toBeInTheDocument();
    expect(suturing.getByText('Due 1 Jan 2020 · 0 of 3 chapters read · Quiz not taken yet')).toBeInTheDocument();

    const ergonomics = within(card.getByRole('listitem', { name: 'Ergonomics in the Theatre' }));
    expect(ergonomics.getByText('In progress')).toBeInTheDocument();
    expect(ergonomics.getByText('No due date · 4 of 4 chapters read · Best quiz score: 62.5%')).toBeInTheDocument();
  });

  it('moves a status as soon as a chapter is read on this device', async () => {
    answerProgress();
    await renderApp('/dashboard');
    const card = await assignedCard();
    const fls = within(await card.findByRole('listitem', { name: 'Fundamentals of Laparoscopic Surgery' }));
    expect(fls.getByText('In progress')).toBeInTheDocument();

    await act(() => writeChapterRead(db, { userId: MEMBER.user_id, bookId: 1, chapterId: 12 }));

    expect(await fls.findByText('Done')).toBeInTheDocument();
  });

  it('offline, shows the assignments as last synced and says so, never a loading text', async () => {
    answerProgress();
    await renderApp('/dashboard');
    const card = await assignedCard();
    await card.findByRole('listitem', { name: 'Suturing and Knot Tying' });

    network.setOnline(false);
    await act(async () => window.dispatchEvent(new Event('offline')));

    expect(await card.findByText(/^You are offline: as last synced \d+ \w+ \d{4}, \d+:\d\d [ap]m\.$/)).toBeInTheDocument();
    expect(card.getAllByRole('listitem')).toHaveLength(3);
    expect(card.queryByText('Loading your assignments...')).not.toBeInTheDocument();
  });

  it('offline on a device that never synced them, says they come with the connection, never loading', async () => {
    answerProgress();
    network.setOnline(false);
    await renderApp('/dashboard');
    const card = await assignedCard();
    expect(card.getByText('You are offline: your assignments show when the connection returns.')).toBeInTheDocument();
    expect(card.queryByText('Loading your assignments...')).not.toBeInTheDocument();
    expect(network.api.callsTo('/books/my-assignments/')).toEqual([]);
  });

  it('is not shown when nothing is assigned, nor to a user outside an organization', async () => {
    answerProgress();
    network.api.on('GET', '/books/my-assignments/', { status: 200, data: [] });
    const { unmount } = await renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Reading progress' });
    await waitFor(() => expect(network.api.callsTo('/books/my-assignments/').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Assigned to you' })).not.toBeInTheDocument();
    unmount();
    const asked = network.api.callsTo('/books/my-assignments/').length;

    answerProgress(makeUser({ user_id: 8 }));
    await renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Reading progress' });
    expect(screen.queryByRole('region', { name: 'Assigned to you' })).not.toBeInTheDocument();
    expect(network.api.callsTo('/books/my-assignments/')).toHaveLength(asked);
  });

  it('is kept for offline use with the books list across reloads, for the same user only', async () => {
    const client = createQueryClient();
    const stop = persistQueryCache(client);
    signInAs(network.api, MEMBER);
    client.setQueryData(progressKeys.assignments(MEMBER.user_id), ASSIGNMENTS);
    client.setQueryData(progressKeys.mine(MEMBER.user_id), PROGRESS);
    await vi.waitFor(() => expect(localStorage.getItem(QUERY_CACHE_KEY)).toContain('Suturing and Knot Tying'), { timeout: 3000 });
    const saved = JSON.parse(localStorage.getItem(QUERY_CACHE_KEY)!) as { clientState: { queries: { queryKey: unknown[] }[] } };
    expect(saved.clientState.queries.map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([
        ['progress', 'assignments', 7],
        ['progress', 'mine', 7],
      ]),
    );
    stop();
  });
});

describe("'3 of 8 chapters read'", () => {
  it("lists the books begun on the dashboard, with the server's reads and this device's counted once", async () => {
    answerProgress();
    await writeChapterRead(db, { userId: MEMBER.user_id, bookId: 1, chapterId: 11 });
    await writeChapterRead(db, { userId: MEMBER.user_id, bookId: 1, chapterId: 12 });
    await writeChapterRead(db, { userId: MEMBER.user_id, bookId: 2, chapterId: 21 });
    // Another user's reads on this device never count.
    await writeChapterRead(db, { userId: 99, bookId: 3, chapterId: 31 });

    await renderApp('/dashboard');
    const card = within(await screen.findByRole('region', { name: 'Reading progress' }));
    await card.findByText('1 of 3 chapters read');
    const items = card.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Ergonomics in the Theatre4 of 4 chapters read',
      'Fundamentals of Laparoscopic Surgery2 of 2 chapters read',
      'Suturing and Knot Tying1 of 3 chapters read',
    ]);
  });

  it('shows chapters read on the cards of begun books only, counting a chapter read offline at once', async () => {
    answerProgress();
    network.api.on('GET', '/books/my-progress/', { status: 200, data: [PROGRESS[0]] });
    await writeChapterRead(db, { userId: MEMBER.user_id, bookId: 2, chapterId: 21 });

    await renderApp('/books');
    const card = (title: string) => within(screen.getByRole('article', { name: title }));
    await screen.findByRole('article', { name: 'Fundamentals of Laparoscopic Surgery' });
    expect(await card('Fundamentals of Laparoscopic Surgery').findByText('1 of 2 chapters read')).toBeInTheDocument();
    expect(await card('Suturing and Knot Tying').findByText('1 of 3 chapters read')).toBeInTheDocument();
    expect(card('Ergonomics in the Theatre').queryByText(/chapters? read/)).not.toBeInTheDocument();

    await act(() => writeChapterRead(db, { userId: MEMBER.user_id, bookId: 3, chapterId: 31 }));
    expect(await card('Ergonomics in the Theatre').findByText('1 of 4 chapters read')).toBeInTheDocument();
  });
});

describe('the notice that the organization sees your progress', () => {
  const NOTICE = 'The admins of City Hospital Surgery can see your quiz results and reading progress.';

  it("is shown once to a member, until 'Got it'", async () => {
    answerProgress();
    const first = await renderApp('/dashboard');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
    first.unmount();

    await renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Assigned to you' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('is not shown to a user outside an organization', async () => {
    answerProgress(makeUser({ user_id: 8 }));
    await renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Reading progress' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Got it' })).not.toBeInTheDocument();
  });
});
