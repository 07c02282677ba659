/**
 * The page's way of sending one batch of reviews: POST /review/events/ through the app's API
 * client (one refresh on a 401, lib/api-client.ts). The worker sends with `fetch` instead
 * (worker-send.ts); both map the answer with send-outcome.ts.
 */
import { apiClient } from '../api-client';
import { toApiError } from '../api-error';
import type { ReviewOutboxRow } from '../db';
import { REVIEW_NOUN, REVIEW_PATH, reviewBatchOf } from './review-outbox';
import { outcomeOfStatus, type SendOutcome } from './send-outcome';

/** A request that hangs is a network failure: the run stops and the reviews are kept. */
const SEND_TIMEOUT_MS = 30_000;

export async function sendReviewsFromPage(rows: ReviewOutboxRow[]): Promise<SendOutcome> {
  try {
    await apiClient.post(REVIEW_PATH, reviewBatchOf(rows), { timeout: SEND_TIMEOUT_MS });
    return { kind: 'accepted' };
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status === undefined) return { kind: 'offline', reason: failure.message || 'No connection.' };
    return outcomeOfStatus(failure.status, failure.data, REVIEW_NOUN);
  }
}
