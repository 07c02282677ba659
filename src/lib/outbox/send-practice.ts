/**
 * The page's way of sending one batch of practice repetitions: POST /practice/my-repetitions/
 * through the app's API client (one refresh on a 401, lib/api-client.ts), keeping the server's
 * answer for the runner to store its records. The worker sends with `fetch` instead
 * (worker-send.ts); both map the answer with send-outcome.ts.
 */
import { apiClient } from '../api-client';
import { toApiError } from '../api-error';
import type { PracticeOutboxRow } from '../db';
import { PRACTICE_NOUN, PRACTICE_PATH, practiceBatchOf } from './practice-outbox';
import { outcomeOfStatus, type SendOutcome } from './send-outcome';

/** A request that hangs is a network failure: the run stops and the repetitions are kept. */
const SEND_TIMEOUT_MS = 30_000;

export async function sendPracticeFromPage(rows: PracticeOutboxRow[]): Promise<SendOutcome> {
  try {
    const { data } = await apiClient.post<unknown>(PRACTICE_PATH, practiceBatchOf(rows), { timeout: SEND_TIMEOUT_MS });
    return { kind: 'accepted', body: data };
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status === undefined) return { kind: 'offline', reason: failure.message || 'No connection.' };
    return outcomeOfStatus(failure.status, failure.data, PRACTICE_NOUN);
  }
}
