/**
 * Reviews in the outbox (issue 36) against a fake review endpoint that keeps each client_event_id
 * once: sent by the same runner after scores and reading events, in batches of at most 500,
 * removed after the 2xx, kept on a network failure, rejected with the server's reason on a 400.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendScore } from '../../../../src/features/quiz/scores/send-score';
import { writeReview } from '../../../../src/features/review/db/deck';
import { writeCompletedAttempt } from '../../../../src/lib/outbox/outbox-db';
import { writeChapterRead } from '../../../../src/lib/outbox/reading-outbox';
import { pendingReviewsOf } from '../../../../src/lib/outbox/review-outbox';
import { flushOutbox } from '../../../../src/lib/outbox/runner';
import { sendReadingFromPage } from '../../../../src/lib/outbox/send-reading';
import { sendReviewsFromPage } from '../../../../src/lib/outbox/send-review';
import { getStoredUser } from '../../../../src/lib/session';
import { makeUser, signIn } from '../../../helpers/fake-api';
import { AppDB, FakeEventEndpoint, FakeScoreServer, freshDatabaseName, makeAttempt } from './outbox-fixtures';

const ASHA = makeUser({ user_id: 7, email: 'asha@hospital.example' });

interface PostedReview {
  client_event_id: string;
  quiz: number;
  question: string;
  rating: string;
  reviewed_at: string;
}

/** The score server plus the reading and review endpoints, which keep each client_event_id once. */
class FakeReviewServer extends FakeScoreServer {
  readonly reading = new FakeEventEndpoint<{ client_event_id: string }>(this.api, '/books/reading/');
  readonly review = new FakeEventEndpoint<PostedReview>(this.api, '/review/events/');
}

let server: FakeReviewServer;
let uninstall: () => void;
let database: AppDB;
const currentUserId = () => getStoredUser()?.user_id ?? null;
const flush = () => flushOutbox({ database, currentUserId, send: sendScore, sendReading: sendReadingFromPage, sendReviews: sendReviewsFromPage, locks: null });

beforeEach(() => {
  server = new FakeReviewServer();
  uninstall = server.api.install();
  database = new AppDB(freshDatabaseName());
  signIn(ASHA);
});
afterEach(() => {
  uninstall();
  database.close();
});

const review = (i: number, rating: 'again' | 'hard' | 'good' = 'good') =>
  writeReview(database, { userId: ASHA.user_id, quizId: 11, questionId: `q${i}`, rating }, Date.UTC(2026, 10, 27, 8, 0, i));

describe('sending reviews', () => {
  it('sends each review once, after the scores and reading events, and removes it after the 2xx', async () => {
    await review(1, 'again');
    await review(2, 'hard');
    await writeChapterRead(database, { userId: ASHA.user_id, bookId: 3, chapterId: 21 }, 50_000);
    await writeCompletedAttempt(database, makeAttempt(ASHA.user_id), { quizTitle: 'FLS basics' }, 60_000);

    const result = await flush();
    await flush();

    expect(result).toMatchObject({ sent: 1, eventsSent: 1, reviewsSent: 2, reviewsRemaining: 0, stoppedBy: null });
    const order = server.api.calls.map((c) => c.path);
    expect(order.indexOf('/review/events/')).toBeGreaterThan(order.indexOf('/books/reading/'));
    expect(order.indexOf('/books/reading/')).toBeGreaterThan(order.findIndex((p) => p.startsWith('/books/quizzes/')));
    expect(server.review.posts).toHaveLength(1);
    expect((server.review.posts[0]!.body as { events: PostedReview[] }).events.map((e) => [e.question, e.rating, e.quiz])).toEqual([
      ['q1', 'again', 11],
      ['q2', 'hard', 11],
    ]);
    expect(server.review.events.size).toBe(2);
    expect(await pendingReviewsOf(database, ASHA.user_id)).toEqual([]);
  });

  it('sends at most 500 reviews in one request', async () => {
    await database.reviewOutbox.bulkAdd(
      Array.from({ length: 501 }, (_, i) => ({
        clientEventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        userId: ASHA.user_id,
        quizId: 11,
        questionId: 'q1',
        rating: 'good' as const,
        reviewedAt: new Date(Date.UTC(2026, 10, 27, 8, 0, 0, i)).toISOString(),
        createdAt: 1_000 + i,
        state: 'waiting' as const,
        attempts: 0,
        lastError: null,
        lastTriedAt: null,
      })),
    );

    expect(await flush()).toMatchObject({ reviewsSent: 501, reviewsRemaining: 0 });
    expect(server.review.posts.map((p) => (p.body as { events: unknown[] }).events.length)).toEqual([500, 1]);
  });

  it('keeps the reviews when the network fails, and sends them once when it is back', async () => {
    await review(1);
    server.review.answer = () => 'network';
    expect(await flush()).toMatchObject({ reviewsSent: 0, reviewsRemaining: 1, stoppedBy: 'offline' });
    expect(await pendingReviewsOf(database, ASHA.user_id)).toEqual([expect.objectContaining({ state: 'waiting' })]);

    server.review.answer = null;
    expect(await flush()).toMatchObject({ reviewsSent: 1, reviewsRemaining: 0 });
    expect(server.review.events.size).toBe(1);
  });

  it("marks a batch the server refuses as rejected with the server's reason", async () => {
    await review(1);
    server.review.answer = () => ({ status: 400, data: { events: ['No review card for question q1 of quiz 11.'] } });

    expect(await flush()).toMatchObject({ reviewsRejected: 1, reviewsRemaining: 0, stoppedBy: null });
    expect(await pendingReviewsOf(database, ASHA.user_id)).toEqual([
      expect.objectContaining({ state: 'rejected', lastError: 'events: No review card for question q1 of quiz 11.' }),
    ]);
  });
});
