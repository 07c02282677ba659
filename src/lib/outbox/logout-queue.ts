/**
 * The page's side of a logout that must reach the server: the refresh token is queued in
 * IndexedDB (logout-outbox.ts) and the outbox runner sends it, now when online, else when the
 * connection returns (the page's triggers, or the service worker's Background Sync). A small
 * marker in localStorage says that logouts wait, so a later page with nobody signed in still
 * loads the outbox sync; it holds no data of anyone. Dexie loads only when a logout is queued.
 */
const MARKER = 'pending_logouts';

const listeners = new Set<() => void>();

/** True while queued logouts may be waiting (set before they are written, cleared by a run that leaves none). */
export function hasPendingLogouts(): boolean {
  try {
    return localStorage.getItem(MARKER) === '1';
  } catch {
    return false;
  }
}

/** Notes, synchronously, that a logout is about to be queued (before the session is cleared). */
export function markLogoutPending(): void {
  localStorage.setItem(MARKER, '1');
}

/** A run left no logout waiting. */
export function clearLogoutMarker(): void {
  localStorage.removeItem(MARKER);
}

/** Calls `listener` after each queued logout (the outbox sync flushes then). */
export function onLogoutQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Queues the logout of `refresh` (the user's sign-in on this device) and asks for a flush. */
export async function queueLogout(refresh: string, userId: number | null): Promise<void> {
  markLogoutPending();
  const [{ db }, { addPendingLogout }] = await Promise.all([import('../db'), import('./logout-outbox')]);
  await addPendingLogout(db, refresh, userId);
  listeners.forEach((listener) => listener());
}
