/**
 * Reviews waiting for the server (issue 36), in Dexie. The review screen writes each review's
 * row (reviewOutbox) before it moves on; the outbox runner (runner.ts) sends the user's rows
 * after their scores and reading events, in batches of at most MAX_REVIEW_BATCH, to
 * POST /review/events/, which takes a replayed client_event_id once.
 * Worker-safe: no DOM, no localStorage (service-worker/score-sync.ts imports it).
 */
import Dexie from 'dexie';
import type { ReviewBatch } from '../../contract/review';
import type { AppDB, ReviewOutboxRow } from '../db';

/** The server takes at most this many events in one POST (reviewBatchSchema). */
export const MAX_REVIEW_BATCH = 500;

const eventsOf = (database: AppDB, userId: number) => database.reviewOutbox.where('[userId+createdAt]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]);

/** The user's oldest reviews that may be sent now (not rejected), at most `limit`. */
export function nextReviewBatch(database: AppDB, userId: number, limit = MAX_REVIEW_BATCH): Promise<ReviewOutboxRow[]> {
  return eventsOf(database, userId)
    .filter((row) => row.state !== 'rejected')
    .limit(limit)
    .toArray();
}

/** How many of the user's reviews a flush would still try to send. */
export function countSendableReviews(database: AppDB, userId: number): Promise<number> {
  return eventsOf(database, userId)
    .filter((row) => row.state !== 'rejected')
    .count();
}

/** Every review of the user not yet on the server, oldest first (rejected ones included). */
export function pendingReviewsOf(database: AppDB, userId: number): Promise<ReviewOutboxRow[]> {
  return eventsOf(database, userId).toArray();
}

/** The body of POST /review/events/ for a batch. */
export function reviewBatchOf(rows: readonly ReviewOutboxRow[]): ReviewBatch {
  return {
    events: rows.map((row) => ({
      client_event_id: row.clientEventId,
      quiz: row.quizId,
      question: row.questionId,
      rating: row.rating,
      reviewed_at: row.reviewedAt,
    })),
  };
}

/** The path of the review endpoint under /api. */
export const REVIEW_PATH = '/review/events/';

/** What the reasons of a refused or delayed batch call it. */
export const REVIEW_NOUN = 'review';

const queuedListeners = new Set<() => void>();

/** Calls `listener` after each review queued in this page (the outbox sync flushes then). */
export function onReviewQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Tells this page's outbox sync that a review waits (after its transaction has committed). */
export function announceReviewQueued(): void {
  queuedListeners.forEach((listener) => listener());
}
