/**
 * What waits until the app's first page is on screen: the session's IndexedDB copy, the
 * service worker's registration, the score sync (Dexie and its upgrade). On a phone they would
 * otherwise take the CPU and the connection from the page while it still shows 'Loading...'.
 *
 * main.tsx holds them (`holdUntilFirstPage`) until the page has loaded, the router has rendered
 * its first route and the browser has drawn it, then releases them (`releaseFirstPage`). Where
 * nothing holds them (a test rendering a screen), they run at once.
 */
let held = false;
const waiting: (() => void)[] = [];

/** Called once as the app starts: what `afterFirstPage` is given waits for `releaseFirstPage`. */
export function holdUntilFirstPage(): void {
  held = true;
}

/** The first page is on screen: runs what waited, each in order. */
export function releaseFirstPage(): void {
  held = false;
  for (const task of waiting.splice(0)) task();
}

/** Runs `task` once the first page is on screen (at once when it already is). */
export function afterFirstPage(task: () => void): void {
  if (held) waiting.push(task);
  else task();
}
