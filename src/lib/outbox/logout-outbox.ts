/**
 * Logouts waiting for a connection, in Dexie: a logout made offline must still end the sign-in
 * on the server, or its refresh token stays valid for days. The outbox runner sends them, before
 * any score, from the page or from the service worker (Background Sync), under the outbox's
 * Web Lock; the server ends a sign-in once however often the same token arrives (an answer lost
 * on the way back is sent again harmlessly). Worker-safe: no DOM, no localStorage.
 */
import type { AppDB, PendingLogout } from '../db';
import type { SendOutcome } from './send-outcome';

/** Queues the logout of a refresh token, to be sent by the next outbox run. */
export async function addPendingLogout(database: AppDB, refresh: string, userId: number | null, now = Date.now()): Promise<PendingLogout> {
  const row: PendingLogout = { id: crypto.randomUUID(), userId, refresh, createdAt: now, attempts: 0, lastError: null };
  await database.pendingLogouts.add(row);
  return row;
}

/** The oldest logout waiting, or undefined. */
export function nextPendingLogout(database: AppDB): Promise<PendingLogout | undefined> {
  return database.pendingLogouts.orderBy('createdAt').first();
}

export function countPendingLogouts(database: AppDB): Promise<number> {
  return database.pendingLogouts.count();
}

/**
 * What a logout's answer means. 2xx: the sign-in is ended. Any other 4xx: the token is invalid or
 * expired, so there is no sign-in left to end (kept, it would be sent forever). 5xx, 408, 429:
 * try again later.
 */
export function logoutOutcomeOfStatus(status: number): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'accepted' };
  if (status === 408 || status === 429 || status >= 500)
    return { kind: 'retry-later', reason: `The server could not take the logout just now (HTTP ${status}).` };
  return { kind: 'rejected', reason: `The server refused the logout (HTTP ${status}): the sign-in had already ended.` };
}

/** Sends one queued logout with `fetch` (the service worker's way); needs no access token. */
export async function sendLogout(row: PendingLogout, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  try {
    const response = await fetchImpl('/api/accounts/logout/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh: row.refresh }),
    });
    // Read the body so the request is not left in flight.
    await response.text().catch(() => '');
    return logoutOutcomeOfStatus(response.status);
  } catch (error) {
    return { kind: 'offline', reason: error instanceof Error ? error.message : String(error) };
  }
}
