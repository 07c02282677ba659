/**
 * Whether the app has shown its first screen and the browser was idle after it (main.tsx's one
 * idle callback after the first render). A part of a page that the first screen can do without
 * (the reader's review link, download control and book search) waits for it in `AfterAppStarted`,
 * so that its code and its request are not among those the page's largest paint waits for.
 * Lighthouse mobile on a reader page, five rounds alternated with those parts rendered at once:
 * LCP 3.6–4.0 s against 4.0–4.1 s (behind nginx with HTTP/2, 2.7–2.8 s against 2.9–3.0 s).
 */
import { type ReactNode, useSyncExternalStore } from 'react';

let started = false;
const listeners = new Set<() => void>();

export function markAppStarted(): void {
  if (started) return;
  started = true;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** False until the first screen is shown and the browser has been idle (and while prerendering); true from then on. */
function useAppStarted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => started,
    () => false,
  );
}

/**
 * Its children once the app has started, `fallback` (a place of their height, or nothing)
 * before: only this slot renders again when it starts, not the page around it.
 */
export function AfterAppStarted({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }): ReactNode {
  return useAppStarted() ? children : fallback;
}
