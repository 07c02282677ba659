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
/** A released task is running or its promise is being waited for: tasks given meanwhile queue behind it. */
let busy = false;
const waiting: (() => unknown)[] = [];

/** How long a released task's promise is waited for before the next one starts anyway. */
const TASK_WAIT_MS = 1000;

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
    if (!task) {
      busy = false;
      return;
    }
    busy = true;
    let result: unknown;
    try {
      result = task();
    } finally {
      // A task that returns a promise (the session's copy: IndexedDB's code and its opening) is
      // waited for, at most TASK_WAIT_MS: the next one's IndexedDB reads, queued while the
      // database opened, all came back in the task that finished the opening, one long task.
      const next = () => {
        if (waiting.length > 0) setTimeout(runNext);
        else busy = false;
      };
      if (result instanceof Promise) {
        const cap = new Promise((resolve) => setTimeout(resolve, TASK_WAIT_MS));
        void Promise.race([result.catch(() => undefined), cap]).then(next);
      } else next();
    }
  };
  runNext();
}

/**
 * Runs `task` once the first page is on screen (at once when it already is, after those released
 * before it). If it returns a promise, the next task waits for it (at most a second).
 */
export function afterFirstPage(task: () => unknown): void {
  if (held || busy || waiting.length > 0) waiting.push(task);
  else task();
}

/**
 * Resolves once the images on the first screen have loaded (or failed) and are decoded, ready to
 * be painted, or `timeoutMs` later. main.tsx waits for it before releasing what waits for the
 * first page: the cover on the books list (the page's largest paint) showed after IndexedDB's
 * code had been fetched and run beside it, on a phone's slow connection the same bytes in the
 * same pipe. A cover the starter preloaded is complete as soon as its `<img>` is rendered, but
 * is painted only once decoded, a frame or more later: in Lighthouse's trace of /books, IndexedDB's
 * code was requested 20 ms before that paint, when only loading images were waited for.
 */
export function firstScreenImages(timeoutMs: number): Promise<void> {
  if (document.images.length === 0) return Promise.resolve();
  const limit = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs));
  // Where the images are is read in the next frame, before the browser lays the page out for it
  // anyway: read now, in the task of React's commit that resolved the wait, it made the browser
  // lay the new page out inside that task (half of a 100 ms task at 4x CPU slowdown, in a trace
  // of /books on a phone's screen), and then in a frame of its own.
  const ready = new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      const onScreen = Array.from(document.images).filter((image) => {
        const box = image.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
      });
      const each = onScreen.map((image) => {
        // decode() waits for the file too, and rejects for a broken one: the page then shows its placeholder.
        if (typeof image.decode === 'function') return image.decode().catch(() => undefined);
        if (image.complete) return Promise.resolve();
        return new Promise<void>((settle) => {
          image.addEventListener('load', () => settle(), { once: true });
          image.addEventListener('error', () => settle(), { once: true });
        });
      });
      void Promise.all(each).then(() => resolve());
    });
  });
  return Promise.race([ready, limit]);
}

/**
 * Resolves once the frame showing what is on screen now has been presented, or `timeoutMs` later
 * (a page loaded in a hidden tab draws no frame until it is shown). The next frame's
 * `requestAnimationFrame` starts after the current one was handed to the compositor, and a task
 * after it runs once that frame is on screen. One frame was not enough: the task after it could
 * run before the frame was presented, and in Lighthouse's traces of the reader IndexedDB's code
 * was requested before the chapter's first paragraph was painted (its LCP).
 */
export function framePresented(timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)));
    setTimeout(resolve, timeoutMs);
  });
}
