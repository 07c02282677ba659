/**
 * The page's side of a logout that must reach the server: the refresh token is queued in
 * IndexedDB (logout-outbox.ts) and the outbox runner sends it, now when online, else when the
 * connection returns (the page's triggers, or the service worker's Background Sync).
 *
 * IndexedDB is written asynchronously, and a ward device's tab is often closed the moment
 * 'Logout' is tapped. So the token first moves, synchronously, from the session's key into this
 * key of localStorage, and leaves it once IndexedDB holds it; a later page (whoever signs in)
 * saves what a closed tab left here before it flushes. While the key exists logouts may wait, so
 * a page with nobody signed in still loads the outbox sync. Dexie loads only when a logout is queued.
 */
const KEY = 'pending_logouts';

interface UnsavedLogout {
  refresh: string;
  userId: number | null;
}

const listeners = new Set<() => void>();

function isUnsavedLogout(value: unknown): value is UnsavedLogout {
  const entry = value as Partial<UnsavedLogout> | null;
  return typeof entry?.refresh === 'string' && (entry.userId === null || typeof entry.userId === 'number');
}

/** The logouts not yet in IndexedDB. */
function unsavedLogouts(): UnsavedLogout[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isUnsavedLogout) : [];
  } catch {
    return [];
  }
}

/** True while queued logouts may be waiting (set before the session is cleared, removed by a run that leaves none). */
export function hasPendingLogouts(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** Keeps, synchronously, the logout of `refresh` on the device (before the session is cleared). */
export function markLogoutPending(refresh: string, userId: number | null): void {
  localStorage.setItem(KEY, JSON.stringify([...unsavedLogouts(), { refresh, userId }]));
}

/** A run left no logout waiting: the key goes, unless a logout arrived meanwhile that IndexedDB does not hold yet. */
export function clearLogoutMarker(): void {
  if (unsavedLogouts().length === 0) localStorage.removeItem(KEY);
}

/**
 * Moves the logouts kept in localStorage into IndexedDB (a tab closed before it could). Two tabs
 * doing it at once may queue one twice: the server ends a sign-in once however often it is told.
 */
export async function saveUnsavedLogouts(): Promise<void> {
  const unsaved = unsavedLogouts();
  if (unsaved.length === 0) return;
  const [{ db }, { addPendingLogout }] = await Promise.all([import('../db'), import('./logout-outbox')]);
  for (const logout of unsaved) await addPendingLogout(db, logout.refresh, logout.userId);
  forgetUnsavedLogouts(unsaved.map((logout) => logout.refresh));
}

/** Drops logouts from localStorage: IndexedDB holds them, or the server was told directly. */
export function forgetUnsavedLogouts(refreshTokens: string[]): void {
  const done = new Set(refreshTokens);
  localStorage.setItem(KEY, JSON.stringify(unsavedLogouts().filter((logout) => !done.has(logout.refresh))));
}

/** Calls `listener` after each queued logout (the outbox sync flushes then). */
export function onLogoutQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Queues in IndexedDB the logouts kept by `markLogoutPending` and asks for a flush. */
export async function queueLogout(): Promise<void> {
  await saveUnsavedLogouts();
  listeners.forEach((listener) => listener());
}
