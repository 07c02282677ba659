/**
 * The page's way of sending one queued logout: POST /accounts/logout/ with its refresh token
 * through the app's API client (which never refreshes for this call). The worker sends with
 * `fetch` instead (logout-outbox.ts); both map the answer the same way.
 */
import { apiClient } from '../api-client';
import { toApiError } from '../api-error';
import type { PendingLogout } from '../db';
import { logoutOutcomeOfStatus } from './logout-outbox';
import type { SendOutcome } from './send-outcome';

/** A request that hangs is a network failure: the run stops and the logout is kept. */
const SEND_TIMEOUT_MS = 30_000;

export async function sendLogoutFromPage(row: PendingLogout): Promise<SendOutcome> {
  try {
    await apiClient.post('/accounts/logout/', { refresh: row.refresh }, { timeout: SEND_TIMEOUT_MS });
    return { kind: 'accepted' };
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status === undefined) return { kind: 'offline', reason: failure.message || 'No connection.' };
    return logoutOutcomeOfStatus(failure.status);
  }
}
