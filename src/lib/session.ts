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
 * 'current'), where the worker reads the tokens to send a score sync. A failed copy is logged;
 * it never fails a sign-in or a sign-out.
 */
import { useSyncExternalStore } from 'react';
import { ORGANIZATION_ROLES, type OrganizationRole } from '../contract/roles';
import type { SessionUser } from '../contract/session';
import type { SessionMirror } from './db';

export const STORAGE_KEYS = { access: 'access_token', refresh: 'refresh_token', user: 'user' } as const;

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

function decodePayload(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = decodeURIComponent(
      Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function roleOf(value: unknown): OrganizationRole | null {
  const role = typeof value === 'string' ? value.toLowerCase() : '';
  return (ORGANIZATION_ROLES as readonly string[]).includes(role) ? (role as OrganizationRole) : null;
}

/** The user claims of an access token (not verified: the server verifies every call). */
export function decodeUser(access: string): SessionUser | null {
  const claims = decodePayload(access);
  if (!claims || typeof claims.user_id !== 'number' || typeof claims.email !== 'string') return null;
  return {
    user_id: claims.user_id,
    email: claims.email,
    full_name: typeof claims.full_name === 'string' ? claims.full_name : '',
    organization_id: typeof claims.organization_id === 'number' ? claims.organization_id : null,
    organization_name: typeof claims.organization_name === 'string' ? claims.organization_name : null,
    organization_role: roleOf(claims.organization_role),
    is_superuser: claims.is_superuser === true,
    is_staff: claims.is_staff === true,
  };
}

/** True when the token's `exp` has passed (with a little margin), or it cannot be read. */
export function isTokenExpired(token: string | null, marginSeconds = 10): boolean {
  const exp = token ? decodePayload(token)?.exp : undefined;
  return typeof exp !== 'number' || exp * 1000 <= Date.now() + marginSeconds * 1000;
}

/** Stores a token pair and the user decoded from the access token. */
export function storeSession(access: string, refresh?: string | null, user: SessionUser | null = decodeUser(access)): SessionUser | null {
  localStorage.setItem(STORAGE_KEYS.access, access);
  if (refresh) localStorage.setItem(STORAGE_KEYS.refresh, refresh);
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
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

async function writeMirror(): Promise<void> {
  // Imported when first needed: a visitor's first paint does not wait for Dexie.
  const { db } = await import('./db');
  const row: SessionMirror = { key: 'current', access: getAccessToken(), refresh: getRefreshToken(), user: getStoredUser(), updatedAt: Date.now() };
  await db.session.put(row);
}

/**
 * Copies the session as it is now in localStorage into IndexedDB (`db.session`, 'current') for
 * the service worker. Copies run one after another, so the last one holds the latest session.
 * Resolves when this copy is written; a failure is logged, never thrown.
 */
export function mirrorSession(): Promise<void> {
  mirroring = mirroring.then(writeMirror).catch((error: unknown) => {
    console.warn('Could not copy the session to IndexedDB for the service worker', error);
  });
  return mirroring;
}

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
