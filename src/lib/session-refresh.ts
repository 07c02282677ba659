/**
 * The token-refresh protocol between the page and the service worker (the one description of it):
 *
 * - Refresh tokens rotate: each is spent by its use, and the server ends the whole sign-in when a
 *   spent one comes back later (theft detection). So two refreshes with one token must never run.
 * - The page keeps the session in localStorage (SPEC §3) and mirrors it into IndexedDB
 *   (`db.session`, lib/session.ts `mirrorSession`), the only storage the worker can read.
 * - Page and worker refresh only under one Web Lock, TOKEN_REFRESH_LOCK (lib/tokens.ts): the page's
 *   API client on a 401 (lib/api-client.ts), the worker here, for a Background Sync that runs after
 *   the access token expired with no page open to refresh it.
 * - Inside the lock each first looks whether the other already holds a newer pair: the page takes
 *   a newer pair from `db.session` into localStorage (`mirrorSession`), the worker reads the copy.
 * - The worker writes the pair it obtained into `db.session` in the same IndexedDB transaction that
 *   checks the copy still holds the token it spent; the page takes it back before its next refresh,
 *   so nobody sends the spent token again.
 * - A refused refresh ends the sign-in: the page signs out; the worker stops and keeps the outbox's
 *   rows for the user's next sign-in.
 */
import type { SessionUser } from '../contract/session';
import { db, type SessionMirror } from './db';
import { decodeUser, isTokenExpired, TOKEN_REFRESH_LOCK } from './tokens';
import { reasonFromBody } from './outbox/send-outcome';

export type WorkerSession = SessionMirror & { access: string; user: SessionUser };

export type RefreshResult =
  | { kind: 'refreshed'; session: WorkerSession }
  /** The sign-in is over (refused refresh token, signed out, another user): keep the rows for the page. */
  | { kind: 'signed-out'; reason: string }
  | { kind: 'offline'; reason: string }
  | { kind: 'retry-later'; reason: string };

export interface RefreshOptions {
  fetch?: typeof fetch;
  /** Web Locks; null runs without (tests). */
  locks?: LockManager | null;
}

const asSession = (row: SessionMirror | undefined): WorkerSession | null => (row?.access && row.user ? (row as WorkerSession) : null);

/** The session the page copied for the worker; null when nobody is signed in. */
export async function readWorkerSession(): Promise<WorkerSession | null> {
  return asSession(await db.session.get('current'));
}

async function refreshUnderLock(spentAccess: string, fetchFn: typeof fetch): Promise<RefreshResult> {
  const held = await db.session.get('current');
  const session = asSession(held);
  if (!session || !session.refresh) return { kind: 'signed-out', reason: 'Nobody is signed in.' };
  // A page (or an earlier sync) refreshed while this one waited for the lock: use its pair.
  if (session.access !== spentAccess && !isTokenExpired(session.access, 0)) return { kind: 'refreshed', session };

  let response: Response;
  try {
    response = await fetchFn('/api/accounts/token/refresh/', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh: session.refresh }),
    });
  } catch (error) {
    return { kind: 'offline', reason: error instanceof Error ? error.message : String(error) };
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // Not JSON (a proxy's page): the status decides.
  }
  if (response.status === 408 || response.status === 429 || response.status >= 500) {
    return { kind: 'retry-later', reason: `The server could not renew the session just now (HTTP ${response.status}).` };
  }
  const pair = data as { access?: unknown; refresh?: unknown } | null;
  if (!response.ok || typeof pair?.access !== 'string') {
    return { kind: 'signed-out', reason: response.ok ? 'The server answered the refresh without a token.' : reasonFromBody(data, response.status) };
  }
  const fresh: WorkerSession = {
    key: 'current',
    access: pair.access,
    refresh: typeof pair.refresh === 'string' ? pair.refresh : session.refresh,
    user: decodeUser(pair.access) ?? session.user,
    // Later than the page's own copy, whatever the clock did: the page compares the two.
    updatedAt: Math.max(Date.now(), session.updatedAt + 1),
  };
  const kept = await db.transaction('rw', db.session, async () => {
    const now = await db.session.get('current');
    // The page signed out or another user signed in meanwhile: that session wins.
    if (now?.refresh !== session.refresh || now.user?.user_id !== session.user.user_id) return false;
    await db.session.put(fresh);
    return true;
  });
  return kept ? { kind: 'refreshed', session: fresh } : { kind: 'signed-out', reason: 'The signed-in user changed.' };
}

/**
 * Obtains a fresh access token for the session the worker holds, replacing `spentAccess` (the
 * expired or refused one). One refresh at a time across every tab and the worker.
 */
export function refreshWorkerSession(spentAccess: string, options: RefreshOptions = {}): Promise<RefreshResult> {
  const fetchFn = options.fetch ?? fetch.bind(globalThis);
  const locks = options.locks === undefined ? (typeof navigator !== 'undefined' ? (navigator.locks ?? null) : null) : options.locks;
  const run = () => refreshUnderLock(spentAccess, fetchFn);
  return locks ? locks.request(TOKEN_REFRESH_LOCK, run) : run();
}
