/**
 * The session: the one module that holds the tokens and the signed-in user, and the one way to
 * read them (`getAccessToken`, `getRefreshToken`, `getStoredUser`, `useStoredUser`,
 * `subscribeSession`). The auth store (features/auth) derives its state from here and never
 * keeps a copy.
 *
 * Storage (SPEC §3 "Browser storage"): `access_token`, `refresh_token` and `user` (the decoded
 * access token) in localStorage, shared by every tab; listeners hear changes made here and in
 * other tabs. A service worker cannot read localStorage, so every store and clear — and the
 * start-up (main.tsx calls `mirrorSession`) — also copies the session into IndexedDB (`db.session`, row
 * 'current'), where the worker reads the tokens to send a score sync; when the worker had to
 * refresh them, the page takes the worker's newer pair back (`mirrorSession`). A failed copy
 * is logged; it never fails a sign-in or a sign-out.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../contract/session';
import type { SessionMirror } from './db';
import { STORAGE_KEYS } from './storage-keys';
import { decodeUser } from './tokens';

export { decodeUser, isTokenExpired } from './tokens';

export { STORAGE_KEYS };

/** SPEC §3 "User session", decoded from the access token (one definition: src/contract/session.ts). */
export type { SessionUser } from '../contract/session';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) notify();
  });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const getAccessToken = () => read(STORAGE_KEYS.access);
export const getRefreshToken = () => read(STORAGE_KEYS.refresh);

let cachedUserText: string | null = null;
let cachedUser: SessionUser | null = null;
/** The stored user; the same object until the stored text changes (safe for useSyncExternalStore). */
export function getStoredUser(): SessionUser | null {
  const text = read(STORAGE_KEYS.user);
  if (text !== cachedUserText) {
    cachedUserText = text;
    try {
      cachedUser = text ? (JSON.parse(text) as SessionUser) : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

/** Stores a token pair and the user decoded from the access token. */
export function storeSession(access: string, refresh?: string | null, user: SessionUser | null = decodeUser(access)): SessionUser | null {
  localStorage.setItem(STORAGE_KEYS.access, access);
  if (refresh) localStorage.setItem(STORAGE_KEYS.refresh, refresh);
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.updatedAt, String(Date.now()));
  changed();
  return user;
}

/** Replaces the stored user (e.g. with the profile's fresher claims), keeping the tokens. */
export function storeUser(user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  changed();
}

export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  changed();
}

function changed(): void {
  notify();
  void mirrorSession();
}

let mirroring: Promise<void> = Promise.resolve();

const storedAt = () => Number(read(STORAGE_KEYS.updatedAt)) || 0;

/**
 * True when the worker's copy holds a pair the service worker obtained by refreshing after
 * this page stored its own: the same user, another refresh token, stored later. The page's
 * refresh token is then spent (they rotate) and must never be sent again.
 */
function isNewerPair(held: SessionMirror): boolean {
  const refresh = getRefreshToken();
  const user = getStoredUser();
  return Boolean(
    refresh && held.refresh && held.access && held.refresh !== refresh && user && held.user?.user_id === user.user_id && held.updatedAt > storedAt(),
  );
}

/** Takes the worker's newer pair into localStorage (every tab hears it through `storage`). */
function adopt(held: SessionMirror): void {
  const user = held.user ?? decodeUser(held.access ?? '');
  localStorage.setItem(STORAGE_KEYS.access, held.access ?? '');
  localStorage.setItem(STORAGE_KEYS.refresh, held.refresh ?? '');
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.updatedAt, String(held.updatedAt));
  notify();
}

async function reconcile(): Promise<void> {
  // Imported when first needed: a visitor's first paint does not wait for Dexie.
  const { db } = await import('./db');
  await db.transaction('rw', db.session, async () => {
    const held = await db.session.get('current');
    if (held && isNewerPair(held)) {
      adopt(held);
      return;
    }
    const row: SessionMirror = { key: 'current', access: getAccessToken(), refresh: getRefreshToken(), user: getStoredUser(), updatedAt: storedAt() };
    await db.session.put(row);
  });
}

/**
 * Keeps the page's session (localStorage) and the service worker's copy (IndexedDB,
 * `db.session` row 'current') the same, in one IndexedDB transaction: when the worker
 * refreshed the tokens for a Background Sync (service-worker/session-refresh.ts) the page
 * adopts its newer pair; otherwise the page's session — a sign-in, a refresh, a sign-out —
 * is copied over the worker's. Runs at start-up, after every change, and before every
 * refresh (under the refresh lock). Runs one after another, so the last one holds the latest
 * session. Resolves when done; a failure is logged, never thrown.
 */
export function mirrorSession(): Promise<void> {
  mirroring = mirroring.then(reconcile).catch((error: unknown) => {
    console.warn('Could not copy the session to IndexedDB for the service worker', error);
  });
  return mirroring;
}

/** Resolves once the copies started so far (by `mirrorSession` or a session change) are written. */
export const mirrorWritten = (): Promise<void> => mirroring;

/** The signed-in user as stored, re-rendering on sign-in, sign-out and other tabs' changes. */
export function useStoredUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getStoredUser, () => null);
}

const expiredListeners = new Set<() => void>();
/** The app listens (and goes to /login); the API client, which shows no UI, announces. */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}
export function announceSessionExpired(): void {
  expiredListeners.forEach((listener) => listener());
}
