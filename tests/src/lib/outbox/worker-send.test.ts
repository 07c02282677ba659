/**
 * The service worker's way of sending (lib/outbox/worker-send.ts), run by the same runner the
 * worker's Background Sync runs: reading events go with `fetch` and the session the page
 * mirrors into Dexie, as their own user only, and stay on the device when the network fails;
 * practice repetitions are replaced by the server's records from its answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/lib/db';
import { readingEventsOf, writeChapterRead } from '../../../../src/lib/outbox/reading-outbox';
import { flushOutbox } from '../../../../src/lib/outbox/runner';
import { pendingReviewsOf } from '../../../../src/lib/outbox/review-outbox';
import { sendPracticeFromWorker, sendReadingFromWorker, sendReviewsFromWorker, sendScoreFromWorker } from '../../../../src/lib/outbox/worker-send';
import { writeRepetition } from '../../../../src/features/practice/db/practice-log';
import { writeReview } from '../../../../src/features/review/db/deck';
import { readWorkerSession } from '../../../../src/lib/session-refresh';
import { fakeAccessToken, makeUser } from '../../../helpers/fake-api';
import { makeDrill } from '../../features/practice/practice-fixtures';

const ASHA = makeUser({ user_id: 7 });
const RAVI = makeUser({ user_id: 8, email: 'ravi@hospital.example' });

interface Posted {
  url: string;
  authorization: string | null;
  body: { events: { client_event_id: string; chapter?: number; read_at?: string; question?: string; rating?: string }[] };
}
let posted: Posted[];
let network: 'up' | 'down';

beforeEach(async () => {
  posted = [];
  network = 'up';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (network === 'down') throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body)) as Posted['body'];
      posted.push({ url, authorization: new Headers(init.headers).get('Authorization'), body });
      const ids = body.events.map((e) => e.client_event_id);
      return new Response(JSON.stringify({ accepted: ids, ignored: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  // What the page mirrors for the worker when Asha signs in.
  await db.session.put({ key: 'current', access: fakeAccessToken(ASHA), refresh: 'refresh-1', user: ASHA, updatedAt: Date.now() });
});
afterEach(() => vi.unstubAllGlobals());

const flushAsWorker = () =>
  flushOutbox({
    database: db,
    currentUserId: async () => (await readWorkerSession())?.user.user_id ?? null,
    send: sendScoreFromWorker,
    sendReading: sendReadingFromWorker,
    sendReviews: sendReviewsFromWorker,
    sendPractice: sendPracticeFromWorker,
    locks: null,
  });

describe('reading events sent by the service worker', () => {
  it("posts the signed-in user's events with their token, and never another user's", async () => {
    await writeChapterRead(db, { userId: ASHA.user_id, bookId: 1, chapterId: 11 }, 1_000);
    await writeChapterRead(db, { userId: RAVI.user_id, bookId: 1, chapterId: 11 }, 2_000);
    await writeChapterRead(db, { userId: ASHA.user_id, bookId: 1, chapterId: 12 }, 3_000);

    const result = await flushAsWorker();

    expect(result).toMatchObject({ eventsSent: 2, stoppedBy: null });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/api/books/reading/');
    expect(posted[0]!.authorization).toMatch(/^Bearer /);
    expect(posted[0]!.body.events.map((e) => e.chapter)).toEqual([11, 12]);
    expect(await readingEventsOf(db, ASHA.user_id)).toEqual([]);
    expect(await readingEventsOf(db, RAVI.user_id)).toHaveLength(1);
  });

  it('keeps the events when the network is down, and sends them once it is back', async () => {
    await writeChapterRead(db, { userId: ASHA.user_id, bookId: 1, chapterId: 11 });
    network = 'down';
    expect(await flushAsWorker()).toMatchObject({ stoppedBy: 'offline', eventsRemaining: 1 });

    network = 'up';
    expect(await flushAsWorker()).toMatchObject({ eventsSent: 1, eventsRemaining: 0 });
    expect(posted).toHaveLength(1);
  });
});

describe('reviews sent by the service worker', () => {
  it("posts the signed-in user's reviews after the reading events, and never another user's", async () => {
    await writeReview(db, { userId: ASHA.user_id, quizId: 11, questionId: 'q1', rating: 'again' }, 1_000);
    await writeReview(db, { userId: RAVI.user_id, quizId: 11, questionId: 'q1', rating: 'good' }, 2_000);
    await writeChapterRead(db, { userId: ASHA.user_id, bookId: 1, chapterId: 11 }, 3_000);

    expect(await flushAsWorker()).toMatchObject({ eventsSent: 1, reviewsSent: 1, reviewsRemaining: 0, stoppedBy: null });

    expect(posted.map((p) => p.url)).toEqual(['/api/books/reading/', '/api/review/events/']);
    expect(posted[1]!.body.events.map((e) => [e.question, e.rating])).toEqual([['q1', 'again']]);
    expect(await pendingReviewsOf(db, ASHA.user_id)).toEqual([]);
    expect(await pendingReviewsOf(db, RAVI.user_id)).toHaveLength(1);
  });
});

describe('practice repetitions sent by the service worker', () => {
  it("posts the signed-in user's repetitions and keeps the server's record in place of each", async () => {
    const drill = makeDrill();
    const mine = await writeRepetition(db, { userId: ASHA.user_id, drill, timeMs: 41_000, penalties: [], performedAt: '2026-11-27T08:00:00.000Z' });
    await writeRepetition(db, { userId: RAVI.user_id, drill, timeMs: 39_000, penalties: [], performedAt: '2026-11-27T08:01:00.000Z' });
    const sent: { url: string; body: { repetitions: { client_id: string; time_ms: number }[] } }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as (typeof sent)[number]['body'];
        sent.push({ url, body });
        const repetitions = body.repetitions.map((r, i) => ({
          ...r,
          id: 500 + i,
          drill: 1,
          penalties: [],
          score_ms: r.time_ms,
          target_seconds: 48,
          passed: true,
          created_at: '2026-11-27T08:05:00.000Z',
          verified_by: null,
          verified_at: null,
        }));
        return new Response(JSON.stringify({ repetitions, ignored: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );

    expect(await flushAsWorker()).toMatchObject({ repetitionsSent: 1, repetitionsRemaining: 0, stoppedBy: null });

    expect(sent.map((p) => p.url)).toEqual(['/api/practice/my-repetitions/']);
    expect(sent[0]!.body.repetitions.map((r) => r.client_id)).toEqual([mine.clientId]);
    expect(await db.repetitions.get([ASHA.user_id, mine.clientId])).toMatchObject({ repetition: { id: 500, score_ms: 41_000 } });
    expect(await db.practiceOutbox.where('userId').equals(RAVI.user_id).count()).toBe(1);
  });
});
