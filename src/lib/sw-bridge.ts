/**
 * The page's side of the service worker (service-worker/sw.ts).
 *
 * - Registers /sw.js with workbox-window (imported then); nothing is registered in development.
 * - When a new version is installed and waiting, `updateWaiting` becomes true and the
 *   UpdatePrompt offers 'Reload'. The page never reloads by itself: only `applyUpdate()`
 *   (the user's click) tells the waiting worker to take over, then reloads once it controls.
 * - `holdUpdatePrompt()` hides the prompt while something must not be interrupted (a quiz in
 *   progress); the prompt comes back when every hold is released.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

export interface UpdateState {
  /** A new service worker is installed and waiting to take over. */
  updateWaiting: boolean;
  /** The user chose 'Later' for this page load. */
  dismissed: boolean;
  /** Number of active holds (see holdUpdatePrompt). */
  holds: number;
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let state: UpdateState = { updateWaiting: false, dismissed: false, holds: 0 };
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;

function setState(patch: Partial<UpdateState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Current update state (for tests and non-React callers). */
export function getUpdateState(): UpdateState {
  return state;
}

/**
 * Registers the service worker once; resolves to null where service workers are unavailable.
 * workbox-window is imported here, once the page is idle after its first render (main.tsx).
 */
export function registerServiceWorker(scriptUrl = '/sw.js'): Promise<Workbox | null> {
  registering ??= register(scriptUrl).catch((error: unknown) => {
    // workbox-window's chunk did not load (the connection dropped): the next call tries again.
    console.error('Service worker registration failed', error);
    registering = null;
    return null;
  });
  return registering;
}

let registering: Promise<Workbox | null> | null = null;

async function register(scriptUrl: string): Promise<Workbox | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(scriptUrl, { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => setState({ updateWaiting: true, dismissed: false }));
  wb.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
  const checkForUpdate = () => {
    if (navigator.onLine) wb.update().catch(() => undefined);
  };
  window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  return wb;
}

/** Activates the waiting version, then reloads the page once the new worker controls it. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb || !state.updateWaiting) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

/** Hides the prompt for this page load; it returns if another version arrives. */
export function dismissUpdate(): void {
  setState({ dismissed: true });
}

/** Keeps the update prompt hidden until the returned release function is called. */
export function holdUpdatePrompt(): () => void {
  setState({ holds: state.holds + 1 });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    setState({ holds: state.holds - 1 });
  };
}

/** Whether the 'A new version is available' prompt should show now. */
export function useUpdatePromptVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.updateWaiting && !state.dismissed && state.holds === 0,
    () => false,
  );
}
