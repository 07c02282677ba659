import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React renders on the server (the build's prerender) and while it hydrates that
 * markup in the browser; true in every later render and in any page rendered in the browser
 * from scratch. What a prerendered page cannot know (who is signed in on this device) waits
 * for it, so hydration finds the markup it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
