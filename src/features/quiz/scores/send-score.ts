/**
 * The page's way of sending one outbox row: POST /books/quizzes/{id}/scores/ through the app's
 * API client, which refreshes the session once on a 401 and retries (lib/api-client.ts).
 */
import { apiClient } from '../../../lib/api-client';
import { toApiError } from '../../../lib/api-error';
import type { OutboxRow } from '../../../lib/db';
import { scorePathOf, scorePayloadOf } from '../../../lib/outbox/score-payload';
import { outcomeOfStatus, type SendOutcome } from '../../../lib/outbox/send-outcome';

/** A request that hangs is a network failure: the run stops and the row is kept. */
const SEND_TIMEOUT_MS = 30_000;

export async function sendScore(row: OutboxRow): Promise<SendOutcome> {
  try {
    await apiClient.post(scorePathOf(row), scorePayloadOf(row), { timeout: SEND_TIMEOUT_MS });
    return { kind: 'accepted' };
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status === undefined) return { kind: 'offline', reason: failure.message || 'No connection.' };
    return outcomeOfStatus(failure.status, failure.data);
  }
}
