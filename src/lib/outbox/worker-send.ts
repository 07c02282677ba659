/**
 * How the service worker sends outbox rows (service-worker/score-sync.ts): with `fetch` and the
 * session the page mirrors into Dexie, as the row's own user only, the access token renewed under
 * the page's refresh lock when it has run out or a 401 says so (lib/session-refresh.ts). The
 * page sends through the API client instead (send-reading.ts, send-practice.ts, features/quiz/scores/send-score.ts);
 * both map answers with send-outcome.ts. Worker-safe: no DOM, no localStorage.
 */
import type { OutboxRow, PracticeOutboxRow, ReadingOutboxRow, ReviewOutboxRow } from '../db';
import { readWorkerSession, refreshWorkerSession } from '../session-refresh';
import { isTokenExpired } from '../tokens';
import { PRACTICE_NOUN, PRACTICE_PATH, practiceBatchOf } from './practice-outbox';
import { READING_NOUN, READING_PATH, readingBatchOf } from './reading-outbox';
import { REVIEW_NOUN, REVIEW_PATH, reviewBatchOf } from './review-outbox';
import { scorePathOf, scorePayloadOf } from './score-payload';
import { outcomeOfStatus, type SendOutcome } from './send-outcome';

function post(path: string, body: unknown, access: string): Promise<Response> {
  return fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify(body),
  });
}

/** POSTs `body` as `userId` (never as anyone else), renewing the access token once when needed. */
async function postAsUser(userId: number, path: string, body: unknown, what: string): Promise<SendOutcome> {
  let session = await readWorkerSession();
  if (!session || session.user.user_id !== userId) return { kind: 'signed-out', reason: 'Nobody is signed in.' };
  let refreshed = false;
  const refresh = async (): Promise<SendOutcome | null> => {
    refreshed = true;
    const result = await refreshWorkerSession(session!.access);
    if (result.kind !== 'refreshed') return result;
    if (result.session.user.user_id !== userId) return { kind: 'signed-out', reason: 'The signed-in user changed.' };
    session = result.session;
    return null;
  };
  try {
    // An access token that has run out is renewed before sending, not after a 401.
    if (isTokenExpired(session.access)) {
      const stopped = await refresh();
      if (stopped) return stopped;
    }
    let response = await post(path, body, session.access);
    if (response.status === 401 && !refreshed) {
      const stopped = await refresh();
      if (stopped) return stopped;
      response = await post(path, body, session.access);
    }
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      // A body that is not JSON (a proxy's page): the status decides.
    }
    return outcomeOfStatus(response.status, data, what);
  } catch (error) {
    return { kind: 'offline', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** One score, as its user. */
export const sendScoreFromWorker = (row: OutboxRow) => postAsUser(row.userId, scorePathOf(row), scorePayloadOf(row), 'score');

/** One batch of one user's reading events (the runner batches them by user; it never sends an empty one). */
export const sendReadingFromWorker = async (rows: ReadingOutboxRow[]): Promise<SendOutcome> =>
  rows[0] ? postAsUser(rows[0].userId, READING_PATH, readingBatchOf(rows), READING_NOUN) : { kind: 'accepted' };

/** One batch of one user's reviews (the runner batches them by user; it never sends an empty one). */
export const sendReviewsFromWorker = async (rows: ReviewOutboxRow[]): Promise<SendOutcome> =>
  rows[0] ? postAsUser(rows[0].userId, REVIEW_PATH, reviewBatchOf(rows), REVIEW_NOUN) : { kind: 'accepted' };

/** One batch of one user's practice repetitions (the answer's records go to the runner). */
export const sendPracticeFromWorker = async (rows: PracticeOutboxRow[]): Promise<SendOutcome> =>
  rows[0] ? postAsUser(rows[0].userId, PRACTICE_PATH, practiceBatchOf(rows), PRACTICE_NOUN) : { kind: 'accepted' };
