/**
 * The page's way of sending one batch of reading events: POST /books/reading/ through the app's
 * API client, which refreshes the session once on a 401 and retries (lib/api-client.ts). The
 * worker sends with `fetch` instead (service-worker/score-sync.ts); both map the answer the same way.
 */
import { apiClient } from '../api-client';
import { toApiError } from '../api-error';
import type { ReadingOutboxRow } from '../db';
import { READING_NOUN, READING_PATH, readingBatchOf } from './reading-outbox';
import { outcomeOfStatus, type SendOutcome } from './send-outcome';

/** A request that hangs is a network failure: the run stops and the events are kept. */
const SEND_TIMEOUT_MS = 30_000;

export async function sendReadingFromPage(rows: ReadingOutboxRow[]): Promise<SendOutcome> {
  try {
    await apiClient.post(READING_PATH, readingBatchOf(rows), { timeout: SEND_TIMEOUT_MS });
    return { kind: 'accepted' };
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status === undefined) return { kind: 'offline', reason: failure.message || 'No connection.' };
    return outcomeOfStatus(failure.status, failure.data, READING_NOUN);
  }
}
