/**
 * What waits until the app's first page is on screen: the session's IndexedDB copy, the
 * service worker's registration, the score sync (Dexie and its upgrade). On a phone they would
 * otherwise take the CPU and the connection from the page while it still shows 'Loading...'.
 *
 * main.tsx holds them (`holdUntilFirstPage`) until the page has loaded, the router has rendered
 * its first route and the browser has drawn it, then releases them (`releaseFirstPage`). Where
 * nothing holds them (a test rendering a screen), they run at once.
 *
 * Released, each runs in a task of its own, in order: each starts downloads (a chunk and the
 * chunks it imports, the worker's script) and some work, and together, in the one task that
 * released them, they held the main thread for a long task (about 190 ms at 4x CPU slowdown,
 * in a trace of /books on a phone's screen) in which a tap on the page just shown would wait.
 */
let held = false;
const waiting: (() => void)[] = [];

/** Called once as the app starts: what `afterFirstPage` is given waits for `releaseFirstPage`. */
export function holdUntilFirstPage(): void {
  held = true;
}

/** The first page is on screen: runs what waited, in order, each in a task of its own. */
export function releaseFirstPage(): void {
  if (!held) return;
  held = false;
  const runNext = () => {
    const task = waiting.shift();
    if (!task) return;
    try {
      task();
    } finally {
      if (waiting.length > 0) setTimeout(runNext);
    }
  };
  runNext();
}

/** Runs `task` once the first page is on screen (at once when it already is, after those released before it). */
export function afterFirstPage(task: () => void): void {
  if (held || waiting.length > 0) waiting.push(task);
  else task();
}
