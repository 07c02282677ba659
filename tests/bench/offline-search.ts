/**
 * Offline search figures of issue 34, for `npm run bench`, in Chromium at phone size against
 * the real server, books downloaded through the UI:
 * - a query over 10 downloaded books (20 chapters each), the network cut and the CPU slowed 4×:
 *   time from the search page's submit to the results on screen (goal ≤ 50 ms), the first search
 *   after a reload (which loads the indexes from IndexedDB) apart from the following ones;
 * - the index build of a 200-chapter book: from the download's end (its copy `complete` in
 *   IndexedDB) to its index row, and the longest main-thread task meanwhile (goal: none over 50 ms).
 * The chapters hold generated prose of realistic length (search.ts's generator).
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { api, apiLogin, type ApiSession, DIRECTOR, LEARNER } from '../e2e/book-helpers';
import { signedInPhone } from './offline';
import { summariseProfile } from './profile';
import { chapterDocument, random, SCALE_CHAPTER_WORDS, SEARCH_QUERIES } from './search';

export const LARGE_BOOK_CHAPTERS = 200;
export const SMALL_BOOKS = 10;
export const SMALL_BOOK_CHAPTERS = 20;
export const CPU_SLOWDOWN = 4;

/** The first query (the first search after the reload), then distinct ones: a repeated query would come from the page's cache. */
const QUERIES = [
  ...SEARCH_QUERIES,
  'gallbladder',
  'cystic duct artery',
  'intracorporeal knot',
  'bile leak',
  'camera telescope',
  'diathermy',
  'endotrainer simulation',
  'port',
];

export interface TaskFigure {
  startMs: number;
  durationMs: number;
}

export interface OfflineSearchFigures {
  /** Milliseconds from the 200-chapter copy stored `complete` to its index row in IndexedDB. */
  buildMs: number;
  /** Main-thread tasks over 50 ms (longtask entries) while the index was built. */
  buildLongTasks: TaskFigure[];
  /** The same during the download itself (before the copy was complete), for comparison. */
  downloadLongTasks: TaskFigure[];
  /** Size of the stored index (characters of its JSON). */
  indexChars: number;
  /** The first search after an offline reload: submit → results on screen. */
  firstSearchMs: number;
  /** The following searches, each query a different one. */
  searchMs: { q: string; ms: number; urlMs: number; status: string }[];
  /** Where the page's main thread spent its time: the following searches made again (capitalised), under a CPU profile. */
  searchProfile: string[];
  /** The main thread's busy time during the following searches, in ms, by kind (Chromium's Performance metrics). */
  searchBusyMs: { task: number; script: number; style: number; layout: number };
  /** The same during the index build. */
  buildProfile: string[];
}

interface CdpProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * The longest stretches (of `minMs` or more) where the profile never went idle (the long tasks,
 * and tasks close together), each with the functions that took most of it by self time.
 */
function busyStretches(profile: CdpProfile, minMs: number): string[] {
  const label = new Map(
    profile.nodes.map((n) => [n.id, `${n.callFrame.functionName || '(anonymous)'}${n.callFrame.url ? ` ${n.callFrame.url.split('/').pop()}` : ''}`]),
  );
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const stretches: { total: number; text: string }[] = [];
  let stretch = new Map<string, number>();
  let total = 0;
  const close = () => {
    if (total / 1000 >= minMs) {
      const top = [...stretch].sort((a, b) => b[1] - a[1]).slice(0, 5);
      stretches.push({
        total,
        text: `busy ${(total / 1000).toFixed(0)} ms without idling: ${top.map(([name, t]) => `${name} ${(t / 1000).toFixed(0)} ms`).join(', ')}`,
      });
    }
    stretch = new Map();
    total = 0;
  };
  for (let i = 0; i < samples.length; i++) {
    const name = label.get(samples[i]!) ?? '?';
    // A sample's time is the delta to the next one.
    const time = deltas[i + 1] ?? 0;
    if (name === '(idle)') close();
    else {
      stretch.set(name, (stretch.get(name) ?? 0) + time);
      total += time;
    }
  }
  close();
  // The longest few, in the order they came.
  const longest = new Set([...stretches].sort((a, b) => b.total - a.total).slice(0, 8));
  return stretches.filter((s) => longest.has(s)).map((s) => s.text);
}

/** A V8 CPU profile of the page's main thread while `run` runs, summarised by function and file. */
async function profiled<T>(context: BrowserContext, page: Page, run: () => Promise<T>): Promise<[T, string[]]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    const result = await run();
    const { profile } = await cdp.send('Profiler.stop');
    return [result, [...busyStretches(profile, 40), ...summariseProfile(profile as Parameters<typeof summariseProfile>[0], 15)]];
  } finally {
    await cdp.detach();
  }
}

/** A book of `chapters` chapters of about SCALE_CHAPTER_WORDS words each (one in twenty with a Hindi paragraph). */
async function createBook(baseURL: string, director: ApiSession, title: string, chapters: number, seed: number): Promise<number> {
  const { status, data: book } = await api<{ id: number }>(baseURL, director, 'POST', '/books/books/', {
    title,
    author: 'Bench',
    description: 'Generated prose for the offline search bench.',
  });
  if (status !== 201) throw new Error(`The bench book was not created (${status})`);
  const next = random(seed);
  for (let i = 1; i <= chapters; i++) {
    const content = JSON.parse(chapterDocument(next, SCALE_CHAPTER_WORDS, i % 20 === 0)) as unknown;
    const created = await api(baseURL, director, 'POST', `/books/books/${book.id}/chapters/`, {
      title: `Chapter ${i}: technique and safety`,
      order: i,
      content_delta: content,
    });
    if (created.status !== 201) throw new Error(`Chapter ${i} of ${title} was not created (${created.status})`);
  }
  return book.id;
}

/** Opens the book's reader and its download dialog; `start` starts the download (the caller waits). */
async function openDownloadDialog(page: Page, bookId: number) {
  await page.goto(`/book/${bookId}`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Download for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download for offline' });
  await dialog.getByText(/^Total: /).waitFor({ timeout: 60_000 });
  return {
    start: () => dialog.getByRole('button', { name: 'Start download' }).click(),
    finished: async () => {
      await dialog.getByText('Available offline', { exact: true }).waitFor({ timeout: 180_000 });
      await dialog.getByRole('button', { name: 'Close' }).click();
    },
  };
}

/** How many search indexes the device holds (IndexedDB, the app's database). */
const storedIndexes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('laparoscopy-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('searchIndexes').objectStore('searchIndexes').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

type Metrics = () => Promise<Record<string, number>>;

/**
 * Types `q` into the search page's field (in the page, so the driver's own work stays out of the
 * figures), submits the form and waits, in the page, for the results of `q` (the title names it
 * and the status no longer says 'Searching...'), then for the next frame: milliseconds from the
 * submit to that frame, and Chromium's busy-time metrics over that window when `metrics` is given.
 * Then it waits for the URL to hold `q` (the page may put it there after the results show), so
 * that work never lands in the next search's figure: `urlMs` is the submit → URL time.
 */
async function timedSearch(page: Page, q: string, metrics?: Metrics): Promise<{ ms: number; urlMs: number; status: string; busy?: Record<string, number> }> {
  await page.evaluate(
    (q) =>
      new Promise<void>((resolve) => {
        const input = document.querySelector<HTMLInputElement>('form[aria-label="Search again"] input')!;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, q);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
    q,
  );
  const before = await metrics?.();
  const timed = await page.evaluate(
    (q) =>
      new Promise<{ ms: number; status: string; started: number }>((resolve) => {
        const button = document.querySelector<HTMLButtonElement>('form[aria-label="Search again"] button[type="submit"]')!;
        const status = () => document.querySelector('main [role="status"]')?.textContent ?? '';
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.title !== `Search: ${q}` || !status() || status() === 'Searching...') return;
          observer.disconnect();
          requestAnimationFrame(() => resolve({ ms: performance.now() - started, status: status(), started }));
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true });
        button.click();
      }),
    q,
  );
  const after = await metrics?.();
  const urlMs = await page.evaluate(
    ({ q, started }) =>
      new Promise<number>((resolve, reject) => {
        const deadline = performance.now() + 10_000;
        const poll = () => {
          if (new URLSearchParams(location.search).get('q') === q) resolve(performance.now() - started);
          else if (performance.now() > deadline) reject(new Error(`The URL did not get the search '${q}' within 10 s`));
          else setTimeout(poll, 1);
        };
        poll();
      }),
    { q, started: timed.started },
  );
  const figure = { ms: timed.ms, urlMs, status: timed.status };
  if (!before || !after) return figure;
  return { ...figure, busy: Object.fromEntries(Object.keys(after).map((name) => [name, after[name]! - (before[name] ?? 0)])) };
}

/** 10 books downloaded, the network cut, the CPU slowed: the first search after a reload, then the others. */
async function measureQueries(context: BrowserContext, page: Page, bookIds: number[]) {
  for (const [i, bookId] of bookIds.entries()) {
    const dialog = await openDownloadDialog(page, bookId);
    await dialog.start();
    await dialog.finished();
    // The copy is indexed in the background after its download, by this page: before the next book's page loads.
    const started = performance.now();
    while ((await storedIndexes(page)) < i + 1) {
      if (performance.now() - started > 60_000) throw new Error(`Downloaded book ${i + 1} was not indexed within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await context.setOffline(true);
  await page.goto('/search');
  await page.getByRole('search', { name: 'Search again' }).waitFor({ timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    const [first, ...others] = QUERIES;
    const firstSearch = await timedSearch(page, first!);
    const searchMs: OfflineSearchFigures['searchMs'] = [];
    await cdp.send('Performance.enable');
    const metrics: Metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(({ name, value }) => [name, value * 1000]));
    const busy: Record<string, number>[] = [];
    for (const q of others) {
      const { busy: used, ...figure } = await timedSearch(page, q, metrics);
      searchMs.push({ q, ...figure });
      busy.push(used!);
    }
    const perSearch = (name: string) => busy.reduce((sum, used) => sum + used[name]!, 0) / busy.length;
    const searchBusyMs = {
      task: perSearch('TaskDuration'),
      script: perSearch('ScriptDuration'),
      style: perSearch('RecalcStyleDuration'),
      layout: perSearch('LayoutDuration'),
    };
    // Capitalised: the same words, not the page's cached answer.
    const [, searchProfile] = await profiled(context, page, async () => {
      for (const q of others) await timedSearch(page, q.toUpperCase());
    });
    return { firstSearchMs: firstSearch.ms, firstStatus: firstSearch.status, searchMs, searchProfile, searchBusyMs };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    await context.setOffline(false);
  }
}

/** The 200-chapter book downloaded; the long tasks and the time until its index row is stored. */
async function measureBuild(context: BrowserContext, page: Page, userId: number, bookId: number) {
  const dialog = await openDownloadDialog(page, bookId);
  await page.evaluate(() => {
    const tasks: { startMs: number; durationMs: number }[] = [];
    (window as unknown as { benchLongTasks: typeof tasks }).benchLongTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ startMs: entry.startTime, durationMs: entry.duration });
    }).observe({ type: 'longtask' });
  });
  const [times, buildProfile] = await profiled(context, page, async () => {
    await dialog.start();
    return whenIndexed(page, userId, bookId);
  });
  await dialog.finished();
  // Long tasks are reported a moment after they end.
  await page.waitForTimeout(200);
  const tasks = await page.evaluate(() => (window as unknown as { benchLongTasks: TaskFigure[] }).benchLongTasks);
  return {
    buildMs: times.indexedAt - times.completeAt,
    buildLongTasks: tasks.filter((t) => t.startMs + t.durationMs > times.completeAt && t.startMs < times.indexedAt),
    downloadLongTasks: tasks.filter((t) => t.startMs + t.durationMs <= times.completeAt),
    indexChars: await page.evaluate(
      ({ userId, bookId }) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('laparoscopy-app');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const row = open.result.transaction('searchIndexes').objectStore('searchIndexes').get([userId, bookId]);
            row.onsuccess = () => {
              open.result.close();
              resolve((row.result as { index: string }).index.length);
            };
          };
        }),
      { userId, bookId },
    ),
    buildProfile,
  };
}

/** In the page: when the copy becomes complete, when its index row appears (polled every 5 ms: the copy's row, the index's count). */
function whenIndexed(page: Page, userId: number, bookId: number) {
  return page.evaluate(
    ({ userId, bookId }) =>
      new Promise<{ completeAt: number; indexedAt: number }>((resolve, reject) => {
        const open = indexedDB.open('laparoscopy-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const key = [userId, bookId];
          let completeAt = 0;
          const deadline = performance.now() + 300_000;
          const poll = () => {
            const tx = database.transaction(['books', 'searchIndexes']);
            const copy = tx.objectStore('books').get(key);
            const index = tx.objectStore('searchIndexes').count(key);
            tx.oncomplete = () => {
              const now = performance.now();
              if (!completeAt && (copy.result as { status?: string } | undefined)?.status === 'complete') completeAt = now;
              if (completeAt && index.result > 0) {
                database.close();
                resolve({ completeAt, indexedAt: now });
              } else if (now > deadline) reject(new Error('The 200-chapter book was not indexed within 5 minutes'));
              else setTimeout(poll, 5);
            };
          };
          poll();
        };
      }),
    { userId, bookId },
  );
}

export async function measureOfflineSearch(baseURL: string, log: (text: string) => void): Promise<OfflineSearchFigures & { firstStatus: string }> {
  const director = await apiLogin(baseURL, DIRECTOR);
  const learner = await apiLogin(baseURL, LEARNER);
  const label = randomUUID().slice(0, 6);
  const started = performance.now();
  const smallBooks: number[] = [];
  for (let b = 0; b < SMALL_BOOKS; b++)
    smallBooks.push(await createBook(baseURL, director, `Offline search bench ${label} ${b + 1}`, SMALL_BOOK_CHAPTERS, 100 + b));
  const largeBook = await createBook(baseURL, director, `Offline search bench ${label}: the large book`, LARGE_BOOK_CHAPTERS, 34);
  log(`    books made through the API in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const { context, close } = await signedInPhone(baseURL, learner, 'lap-bench-offline-search-');
  try {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const queries = await measureQueries(context, page, smallBooks);
    const urlMs = queries.searchMs.map((s) => s.urlMs).sort((a, b) => a - b);
    log(`    submit → the search in the URL (a history entry), median of the following searches: ${urlMs[Math.floor(urlMs.length / 2)]!.toFixed(0)} ms`);
    const build = await measureBuild(context, page, learner.user.user_id as number, largeBook);
    return { ...build, ...queries };
  } finally {
    await close();
  }
}
