/**
 * The books list and Create Book in Chromium against the real server: a superuser creates a
 * book with a cover while watching the upload, deletes one after confirming (and sees a
 * refusal), a learner gets the list without controls in 1, 2 or 3 columns, and the Lexical
 * code never loads on the home page or the list. Opening the list moves nothing on the screen,
 * checks the session once, and fetches the first cover once (preloaded by the route).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, builtChunksMatching, DESKTOP_VIEWPORT, type LaunchOptions, holdEntryChunk, launchApp, layoutShiftsOf, PHONE_VIEWPORT, reactCommitsOf, recordLayoutShifts, recordReactCommits, recordScriptRequests, waitForApp } from '../helpers/browser';
import {
  api,
  apiLogin,
  type ApiSession,
  collectProblems,
  createBookViaApi,
  DIRECTOR,
  eventually,
  LEARNER,
  noisyPng,
  signInContext,
  throttleUploads,
} from './book-helpers';
import { uploadImage } from './offline-helpers';

const baseURL = inject('baseURL');
const distDir = inject('distDir');

/** Present in Lexical's code and nowhere else: the attribute it puts on its editor element. */
const LEXICAL_MARKER = /data-lexical-editor/;

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/**
 * Runs `use` on a page of a fresh phone profile (no service worker, nothing cached) where the
 * demo learner is signed in, and closes the profile after it.
 */
async function onFreshPhone(use: (page: Page, learner: ApiSession) => Promise<void>, options: Omit<LaunchOptions, 'viewport'> = {}): Promise<void> {
  const phone = await launchApp(baseURL, { viewport: PHONE_VIEWPORT, ...options });
  try {
    const learner = await apiLogin(baseURL, LEARNER);
    await signInContext(phone.context, learner);
    await use(await phone.context.newPage(), learner);
  } finally {
    await phone.close();
  }
}

describe('books list and Create Book (superuser)', () => {
  let app: AppBrowser;
  let director: ApiSession;
  const created: number[] = [];

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    app = await launchApp(baseURL);
    await signInContext(app.context, director);
  });
  afterAll(async () => {
    for (const id of created) await api(baseURL, director, 'DELETE', `/books/books/${id}/`);
    await app?.close();
  });

  it('creates a book with a cover, showing the upload progress, and opens it', async () => {
    const page = await app.open('/books');
    const problems = collectProblems(page);
    await page.getByRole('link', { name: 'Create New Book' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/create-book');

    const title = `Laparoscopic Appendicectomy ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Author' }).fill('Dr. S. Iyer');
    await page.getByRole('textbox', { name: 'Description' }).fill(`${'Port sites, the appendix base and the stump. '.repeat(4)}Tail.`);

    // About 1 MB at 250 kB/s: four seconds of visible progress.
    await throttleUploads(page, 250_000);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose image' }).click()]);
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles({ name: 'appendix-cover.png', mimeType: 'image/png', buffer: await noisyPng(600, 560) });
    const progress = page.getByRole('progressbar', { name: 'Cover image upload progress' });
    await progress.waitFor();
    expect(await page.getByRole('img', { name: 'Cover preview' }).getAttribute('src')).toMatch(/^blob:/);

    await page.getByRole('button', { name: 'Create Book' }).click();
    await eventually(() => page.getByText('Please wait for the cover image to finish uploading.').isVisible()).toBe(true);

    const seen = new Set<number>();
    while (await progress.isVisible()) {
      const value = await progress.getAttribute('aria-valuenow').catch(() => null);
      if (value !== null) seen.add(Number(value));
      await page.waitForTimeout(100);
    }
    await throttleUploads(page, null);
    expect([...seen].some((value) => value > 0 && value < 100), `progress seen: ${[...seen].join(', ')}`).toBe(true);
    await eventually(() => page.getByText('Cover image uploaded.').isVisible()).toBe(true);
    expect(await page.getByText('Please wait for the cover image to finish uploading.').count()).toBe(0);

    // A slow answer, so 'Creating Book...' can be seen.
    await page.route('**/api/books/books/', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Book' }).click();
    await eventually(() => page.getByRole('button', { name: 'Creating Book...' }).isVisible()).toBe(true);
    await eventually(() => new URL(page.url()).pathname).toMatch(/^\/book\/\d+$/);
    created.push(Number(new URL(page.url()).pathname.split('/').pop()));
    await page.unroute('**/api/books/books/');

    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    const cover = page.getByRole('img', { name: `Cover of ${title}` });
    expect(await cover.getAttribute('src')).toMatch(/^\/media\/images\/.+\.png$/);
    await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The 280 px cover box fetches the server's 480 px copy, not the 600 px upload.
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/images\/.+\.png\?w=480$/);
    expect(await page.getByText('Select a chapter from the Table of Contents to begin reading.').isVisible()).toBe(true);

    // The new card on the list.
    await page.getByRole('link', { name: '← Back to Books' }).click();
    const newCard = card(page, title);
    await newCard.waitFor();
    expect(await newCard.textContent()).toContain('By: Dr. S. Iyer');
    expect(await newCard.textContent()).toContain(`${'Port sites, the appendix base and the stump. '.repeat(4)}Tail.`.slice(0, 100) + '...');
    expect(await newCard.textContent()).toContain('Chapters: 0');
    expect(await newCard.textContent()).toContain('Created:');
    expect((await newCard.getByRole('img', { name: `Cover of ${title}` }).boundingBox())!.height).toBe(200);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('clears the cover when its upload fails and shows the reason', async () => {
    const page = await app.open('/create-book');
    await page.route('**/api/media/upload-image/', (route) =>
      route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ error: 'The file is larger than 10 MiB.' }) }),
    );
    await page.getByTestId('cover-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: await noisyPng(40, 40) });
    await eventually(() => page.getByText('The file is larger than 10 MiB.').isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Cover preview' }).count()).toBe(0);
    expect(await page.getByTestId('cover-input').inputValue()).toBe('');
    await page.close();
  });

  it('deletes a book after confirmation, and reports a refusal', async () => {
    const title = `Book to delete ${Date.now()}`;
    const id = await createBookViaApi(baseURL, director, title);
    const page = await app.open('/books');
    const target = card(page, title);
    await target.waitFor();

    await page.route(`**/api/books/books/${id}/`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ detail: 'You do not have permission to perform this action.' }) })
        : route.continue(),
    );
    await target.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete book' });
    expect(await confirm.textContent()).toContain('Are you sure you want to delete this book and all its chapters?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe('Failed to delete book: You do not have permission to perform this action.');
    expect(await target.isVisible()).toBe(true);

    await page.unroute(`**/api/books/books/${id}/`);
    await target.getByRole('button', { name: `Delete ${title}` }).click();
    const confirmAgain = page.getByRole('dialog', { name: 'Delete book' });
    await confirmAgain.getByRole('button', { name: 'Delete' }).click();
    // While the dialog is open the list behind it is aria-hidden, so the card's role locator
    // matches nothing then: wait for the dialog to close (the request settled) before the card.
    await confirmAgain.waitFor({ state: 'hidden' });
    await target.waitFor({ state: 'detached' });
    expect(await page.getByText(title).count()).toBe(0);
    expect((await api(baseURL, director, 'GET', `/books/books/${id}/`)).status).toBe(404);
    await page.close();
  });

  it('loads the Lexical code only to edit: not on /, the books list nor the reader', async () => {
    const lexicalChunks = builtChunksMatching(distDir, { Lexical: LEXICAL_MARKER }).Lexical;
    const lexicalRequested = (urls: string[]) => urls.map((url) => new URL(url).pathname).filter((name) => lexicalChunks.includes(path.basename(name)));

    const page = await app.context.newPage();
    const scripts = recordScriptRequests(page);
    await page.goto('/');
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    expect(lexicalRequested(scripts)).toEqual([]);

    await page.getByRole('banner').getByRole('link', { name: 'Books', exact: true }).click();
    await card(page, 'Fundamentals of Laparoscopic Surgery').waitFor();
    await page.waitForLoadState('networkidle');
    expect(lexicalRequested(scripts)).toEqual([]);

    // The reader renders the chapter without it (src/features/editor/components/chapter-document.tsx).
    await page.getByRole('link', { name: 'View Fundamentals of Laparoscopic Surgery' }).click();
    await page.getByTestId('chapter-content').getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(lexicalRequested(scripts)).toEqual([]);

    // Control: opening the chapter editor loads it.
    await page.getByRole('button', { name: 'Add chapter' }).click();
    await page.getByTestId('chapter-editor').waitFor();
    expect(lexicalRequested(scripts).length).toBeGreaterThan(0);
    await page.close();
  });
});

describe('books list (learner)', () => {
  let app: AppBrowser;
  let director: ApiSession;
  let extraBook: number;

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    // Three books at least, so the grid can show three columns.
    extraBook = await createBookViaApi(baseURL, director, `Grid filler ${Date.now()}`);
    app = await launchApp(baseURL);
    await signInContext(app.context, await apiLogin(baseURL, LEARNER));
  });
  afterAll(async () => {
    if (extraBook) await api(baseURL, director, 'DELETE', `/books/books/${extraBook}/`);
    await app?.close();
  });

  it('shows the books without Create or Delete, in 1, 2 or 3 columns by width', async () => {
    const page = await app.open('/books');
    const first = card(page, 'Fundamentals of Laparoscopic Surgery');
    await first.waitFor();
    expect(await page.getByRole('link', { name: 'Create New Book' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await first.getByRole('link', { name: 'View Fundamentals of Laparoscopic Surgery' }).getAttribute('href')).toBe('/book/1');

    const columns = async () => {
      const boxes = await page.getByRole('article').evaluateAll((cards) => cards.slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().left)));
      return new Set(boxes).size;
    };
    await page.setViewportSize(PHONE_VIEWPORT);
    await eventually(columns).toBe(1);
    await page.setViewportSize({ width: 720, height: 900 });
    await eventually(columns).toBe(2);
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await eventually(columns).toBe(3);
    await page.close();
  });

  it("on a phone's dense screen, fetches a portrait cover as the copy that fits the width it is drawn at, not a larger one", async () => {
    // Two device pixels per CSS pixel. A 3:4 cover is drawn whole in its 200 px box, 150 px wide:
    // 300 device pixels, the 480 px copy. It was the 960 px one (1.5 times the bytes) on every phone.
    await onFreshPhone(async (page) => {
      const images: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname + new URL(request.url()).search);
      });
      await page.goto('/books');
      const cover = card(page, 'Fundamentals of Laparoscopic Surgery').getByRole('img', { name: 'Cover of Fundamentals of Laparoscopic Surgery' });
      await cover.scrollIntoViewIfNeeded();
      await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const drawn = await cover.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        return Math.min(box.width, (box.height * img.naturalWidth) / img.naturalHeight);
      });
      expect(Math.round(drawn)).toBe(150);
      const chosen = await cover.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname + new URL(img.currentSrc).search);
      expect(chosen).toMatch(/\?w=480$/);
      expect(images.filter((image) => image.startsWith(chosen.replace(/\?.*$/, '')))).toEqual([chosen]);
    }, { deviceScaleFactor: 2 });
  });

  it('breaks no rule of the Content-Security-Policy on the signed-in pages (each would be a DevTools issue)', async () => {
    const page = await app.context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`));
    });
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await page.goto('/books');
    await card(page, 'Fundamentals of Laparoscopic Surgery').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await page.goto('/book/1');
    await page.getByTestId('chapter-content').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await page.close();
  });
});

describe('books list opening (learner)', () => {
  let app: AppBrowser;
  let director: ApiSession;
  let bookId: number;
  const title = `Opening cover ${Date.now()}`;

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    // The newest book comes first: its cover is the page's largest image on a phone. Wide
    // enough to have phone-sized copies (srcset), so the preload has to pick the same one.
    const coverUrl = await uploadImage(baseURL, director, undefined, { width: 1200, height: 800 });
    bookId = await createBookViaApi(baseURL, director, title, { cover_image_url: coverUrl });
    app = await launchApp(baseURL);
    await signInContext(app.context, await apiLogin(baseURL, LEARNER));
  });
  afterAll(async () => {
    if (bookId) await api(baseURL, director, 'DELETE', `/books/books/${bookId}/`);
    await app?.close();
  });

  /** Opens /books with the session check answering 1.5 s late ('Loading...' shows first), records every request and sums the layout shifts. */
  async function openWithSlowCheck(viewport: { width: number; height: number }) {
    const page = await app.context.newPage();
    await page.setViewportSize(viewport);
    await recordLayoutShifts(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.route('**/api/accounts/profile/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/books');
    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await loading.waitFor();
    await page.screenshot({ path: path.resolve('screenshots', `books-loading-${viewport.width}.png`) });
    const cover = card(page, title).getByRole('img', { name: `Cover of ${title}` });
    await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 20_000).toBe(true);
    expect(await loading.count()).toBe(0);
    await page.waitForLoadState('networkidle');
    const { layoutShift, shifts } = await layoutShiftsOf(page);
    return { page, requests, cover, layoutShift, shifts };
  }

  it("on a phone: nothing moves when the list replaces 'Loading...', one session check, the first cover preloaded and fetched once", async () => {
    const { page, requests, cover, layoutShift, shifts } = await openWithSlowCheck(PHONE_VIEWPORT);
    // The footer used to jump from under the 'Loading...' box (a layout shift of about 0.7).
    expect(layoutShift, shifts.join('\n')).toBeLessThan(0.02);
    expect(requests.filter((url) => new URL(url).pathname === '/api/accounts/profile/')).toHaveLength(1);

    // The first card's cover: the first card, fetched at high priority, preloaded with its own
    // srcset and sizes, and downloaded once (one file of its copies).
    expect(await page.getByRole('article').first().getAttribute('aria-labelledby')).toBe(`book-${bookId}-title`);
    expect(await cover.getAttribute('fetchpriority')).toBe('high');
    const srcset = await cover.getAttribute('srcset');
    expect(srcset).toContain('?w=480 480w');
    const preload = page.locator('head link[rel="preload"][as="image"]');
    expect(await preload.count()).toBe(1);
    expect(await preload.getAttribute('imagesrcset')).toBe(srcset);
    expect(await preload.getAttribute('imagesizes')).toBe(await cover.getAttribute('sizes'));
    const coverPath = new URL(await cover.evaluate((img: HTMLImageElement) => img.src)).pathname;
    const coverRequests = requests.filter((url) => new URL(url).pathname === coverPath);
    expect(coverRequests).toEqual([await cover.evaluate((img: HTMLImageElement) => img.currentSrc)]);
    await page.close();
  });

  it("on a phone's first visit: IndexedDB's code, the download controls, axios, the worker and the manifest wait until the first cover has loaded", async () => {
    // A profile of its own: no worker, no cache. Images come 1.5 s late, as over a weak signal.
    await onFreshPhone(async (page) => {
      const requestedAt = new Map<string, number>();
      const finishedAt = new Map<string, number>();
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (!requestedAt.has(pathname + search)) requestedAt.set(pathname + search, Date.now());
      });
      page.on('requestfinished', (request) => {
        const { pathname, search } = new URL(request.url());
        finishedAt.set(pathname + search, Date.now());
      });
      await page.route('**/media/images/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto('/books');
      const cover = card(page, title).getByRole('img', { name: `Cover of ${title}` });
      await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 20_000).toBe(true);
      // The cover's copy the phone chose (srcset).
      const coverUrl = new URL(await cover.evaluate((img: HTMLImageElement) => img.currentSrc));
      const coverLoaded = finishedAt.get(coverUrl.pathname + coverUrl.search)!;
      expect(coverLoaded).toBeDefined();
      // The download control shows, and what waited was asked for after the cover came.
      await card(page, title).getByRole('button', { name: /download/i }).first().waitFor({ timeout: 20_000 });
      const waited = (pattern: RegExp) => [...requestedAt].filter(([url]) => pattern.test(url));
      // The worker's registration imports workbox-window (lib/sw-bridge).
      const worker = /^\/assets\/workbox-window[^/]*\.js$/;
      // The API client's requests are sent by axios, which the list's first reads (the starter's) do
      // not need: it is preloaded once the page is shown (lib/api-client).
      const axiosChunk = builtChunksMatching(distDir, { axios: /AxiosHeaders/ }).axios[0] ?? 'no chunk holds axios';
      const axios = new RegExp(`^/assets/${axiosChunk.replace(/\./g, '\\.')}$`);
      await eventually(() => [worker, axios, /^\/manifest\.webmanifest$/].every((pattern) => waited(pattern).length > 0), 20_000).toBe(true);
      for (const pattern of [/^\/assets\/db-[^/]+\.js$/, /^\/assets\/download-button-[^/]+\.js$/, axios, worker, /^\/manifest\.webmanifest$/]) {
        const requests = waited(pattern);
        expect(requests.length, `${pattern.source} was requested`).toBeGreaterThan(0);
        for (const [url, at] of requests) expect(at, `${url} asked for before the cover had loaded`).toBeGreaterThanOrEqual(coverLoaded);
      }
      await page.close();
    });
  });

  it("keeps the navbar and 'Loading...' on screen until the list replaces them, however late the list's data comes (never an empty page)", async () => {
    const page = await app.context.newPage();
    await page.setViewportSize(PHONE_VIEWPORT);
    // Every state #root goes through, from the first HTML on: what a user would see in it.
    await page.addInitScript(() => {
      const states: string[] = [];
      (window as unknown as { rootStates: string[] }).rootStates = states;
      const look = () => {
        const root = document.getElementById('root');
        if (!root) return;
        const state = [
          root.querySelector('header') ? 'navbar' : 'no navbar',
          root.querySelector('[role="status"]')?.textContent?.includes('Loading') ? 'loading' : 'not loading',
          root.querySelector('article') ? 'list' : 'no list',
        ].join(', ');
        if (states.at(-1) !== state) states.push(state);
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.route((url) => url.pathname === '/api/books/books/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto('/books');
    await card(page, title).waitFor();
    const states = await page.evaluate(() => (window as unknown as { rootStates: string[] }).rootStates);
    // The app shell (index.html) and then the app: the navbar all along, 'Loading...' until the
    // list. The app used to replace the shell with an empty #root for as long as the data took.
    const loading = states.indexOf('navbar, loading, no list');
    const list = states.findIndex((state) => state.endsWith(', list'));
    expect(loading).toBeGreaterThanOrEqual(0);
    expect(states.slice(loading, list + 1)).toEqual(['navbar, loading, no list', 'navbar, not loading, list']);
    await page.close();
  });

  it("downloads a signed-in page's own code, data and first cover beside the app's code, not once the app has started (round trips less on a phone), and reads each once", async () => {
    // A fresh profile: no service worker answers from its cache yet.
    await onFreshPhone(async (page) => {
      const requestedAt = new Map<string, number>();
      const requests: string[] = [];
      page.on('request', (request) => {
        const pathname = new URL(request.url()).pathname;
        requests.push(pathname);
        if (!requestedAt.has(pathname)) requestedAt.set(pathname, Date.now());
      });
      // The app's entry chunk comes 1.5 s late: what only its code asks for is requested after that.
      const entryArrivedAt = await holdEntryChunk(page);
      await page.goto('/books');
      await card(page, title).waitFor();
      const firstRequest = (chunk: RegExp) => [...requestedAt].find(([pathname]) => chunk.test(pathname))?.[1];
      // The list's route. (The API client's axios is not needed for the page's first reads: see the test above.)
      expect(firstRequest(/^\/assets\/_protected\.books-[^/]+\.js$/)).toBeLessThan(entryArrivedAt());
      // The session check and the list's data are on their way before the app's code has arrived,
      // and the app takes those answers instead of asking again (lib/early-reads).
      for (const read of ['/api/accounts/profile/', '/api/books/books/']) {
        expect(requestedAt.get(read), read).toBeLessThan(entryArrivedAt());
        expect(requests.filter((pathname) => pathname === read), read).toHaveLength(1);
      }
      // What was not taken is dropped once the page is on screen.
      await eventually(() => page.evaluate(() => '__earlyReads' in window)).toBe(false);
      // The first card's cover (the largest image on a phone's first screen) is asked for once the
      // list's early read answers, not once the app renders it: the same copy its <img> then shows.
      const cover = card(page, title).getByRole('img', { name: `Cover of ${title}` });
      await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 20_000).toBe(true);
      const coverPath = new URL(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
      expect(requestedAt.get(coverPath), coverPath).toBeLessThan(entryArrivedAt());
      expect(requests.filter((pathname) => pathname === coverPath)).toHaveLength(1);
      expect(await page.locator('head link[rel="preload"][as="image"]').count()).toBe(1);
    });
  });

  it("asks for the app's code and the page's data straight from the page: its starter is written into index.html, allowed by its hash alone", async () => {
    await onFreshPhone(async (page) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      const response = await page.goto('/books');
      await card(page, title).waitFor();
      // No script file of its own: one round trip less before the app's code and the list's data
      // are even asked for (every signed-in page gets this index.html).
      const html = await response!.text();
      expect(html).not.toMatch(/<script[^>]*\ssrc=/);
      const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      expect(inline).toHaveLength(1);
      // The CSP allows that script by its hash, and no other inline script: 'unsafe-inline' stays out.
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(response!.headers()['content-security-policy'] ?? '')?.[1]?.split(' ');
      expect(scriptSrc).toEqual(["'self'", `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`]);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });
  });

  it('sends no early read with an expired access token (it would only be refused): the app renews the session and shows the list', async () => {
    const fresh = await launchApp(baseURL, { viewport: PHONE_VIEWPORT });
    try {
      const session = await apiLogin(baseURL, LEARNER);
      // The same token with its expiry an hour ago, as a returning user's device holds it.
      const [header, payload, signature] = session.access.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
      const expired = [header, Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600 })).toString('base64url'), signature].join('.');
      await signInContext(fresh.context, { ...session, access: expired });
      const page = await fresh.context.newPage();
      const requests: [string, number][] = [];
      page.on('request', (request) => requests.push([new URL(request.url()).pathname, Date.now()]));
      const entryArrivedAt = await holdEntryChunk(page);
      await page.goto('/books');
      await card(page, title).waitFor();
      expect(requests.filter(([pathname, at]) => pathname.startsWith('/api/') && at < entryArrivedAt())).toEqual([]);
      expect(requests.map(([pathname]) => pathname)).toContain('/api/accounts/token/refresh/');
    } finally {
      await fresh.close();
    }
  });

  it("leaves the phone's CPU to the list: 'Loading...' spins on the compositor, and Dexie loads only once the list is painted", async () => {
    // A fresh profile: no service worker, nothing in IndexedDB yet.
    await onFreshPhone(async (page, learner) => {
      const scripts = recordScriptRequests(page);
      // The start of the frame that first shows a book card (on the page's clock): its
      // animation-frame callbacks run just before it is styled, laid out and painted.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector('article')) return;
          observer.disconnect();
          requestAnimationFrame(() => ((window as unknown as { listFrameAt: number }).listFrameAt = performance.now()));
        }).observe(document, { childList: true, subtree: true });
      });
      let releaseList = () => {};
      const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
      await page.route((url) => url.pathname === '/api/books/books/', async (route) => {
        await listHeld;
        await route.continue();
      });
      await page.goto('/books');
      // While the list's data is on its way, the spinner turns (a transform, which the
      // compositor animates); its arc does not grow and shrink, which repainted the page on the
      // main thread every frame (a third of a slow phone's CPU while the app started).
      const spinner = page.locator('[role="status"] .MuiCircularProgress-root');
      await spinner.waitFor();
      const animations = await spinner.evaluate((root) => ({
        root: getComputedStyle(root).animationName,
        arc: getComputedStyle(root.querySelector('circle')!).animationName,
      }));
      expect(animations.arc).toBe('none');
      expect(animations.root).not.toBe('none');
      releaseList();
      await card(page, title).waitFor();
      // Once the page is shown, the session is copied for the service worker all the same.
      await page.waitForLoadState('load');
      const mirroredAccess = () =>
        page.evaluate(async () => {
          // Only once the app has made it: opened here first, it would be made without its tables.
          if (!(await indexedDB.databases()).some((database) => database.name === 'laparoscopy-app')) return null;
          return new Promise<string | null>((resolve) => {
            const open = indexedDB.open('laparoscopy-app');
            open.onerror = () => resolve(null);
            open.onsuccess = () => {
              // Closed at once: an open connection would hold up the app's own upgrade.
              const db = open.result;
              const done = (access: string | null) => {
                db.close();
                resolve(access);
              };
              if (!db.objectStoreNames.contains('session')) return done(null);
              const get = db.transaction('session').objectStore('session').get('current');
              get.onsuccess = () => done((get.result as { access?: string } | undefined)?.access ?? null);
              get.onerror = () => done(null);
            };
          });
        });
      await eventually(mirroredAccess).toBe(learner.access);
      // Dexie (the offline library's database, 'laparoscopy-app') was requested only once the
      // list's data had come (it used to come with the app's code, before the list's request):
      // it is not among what the list waited for.
      const texts = await Promise.all(scripts.map(async (url) => [new URL(url).pathname, await (await fetch(url)).text()] as const));
      const dexieChunks = texts.filter(([, text]) => text.includes('laparoscopy-app')).map(([pathname]) => pathname);
      expect(dexieChunks).not.toEqual([]);
      const timings = await page.evaluate((chunks) => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const dexie = entries.filter((entry) => chunks.includes(new URL(entry.name).pathname)).map((entry) => entry.startTime);
        const list = entries.find((entry) => new URL(entry.name).pathname === '/api/books/books/');
        const listFrameAt = (window as unknown as { listFrameAt?: number }).listFrameAt ?? Number.NaN;
        return { dexieRequested: Math.min(...dexie), listArrived: list?.responseEnd ?? Number.NaN, listFrameAt };
      }, dexieChunks);
      expect(timings.dexieRequested).toBeGreaterThan(timings.listArrived);
      // Not merely rendered: what waits for the first page (the session's copy, and Dexie with
      // it) starts after the frame that shows the list, and does not hold that frame back.
      expect(timings.dexieRequested).toBeGreaterThan(timings.listFrameAt);
    }, { reducedMotion: 'no-preference' });
  });

  it("on a phone, downloads before the list shows none of what it does not show (no schema library, account menu or tooltip), in few files; the drawer's account part comes as it opens", async () => {
    // What each is recognised by in the built chunks.
    const chunksOf = builtChunksMatching(distDir, { zod: /ZodError/, 'MUI Tooltip': /MuiTooltip/, 'MUI Menu': /[`"']MuiMenu[`"']/ });

    await onFreshPhone(async (page) => {
      await recordReactCommits(page, 'article');
      // When the first book card appears, on the page's clock.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector('article')) return;
          (window as unknown as { listShownAt: number }).listShownAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/books');
      await card(page, title).waitFor();
      const before = await page.evaluate(() => {
        const shownAt = (window as unknown as { listShownAt: number }).listShownAt;
        return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.startTime < shownAt).map((entry) => new URL(entry.name).pathname);
      });
      const scripts = before.filter((pathname) => pathname.startsWith('/assets/') && pathname.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(5);
      // In few files: over HTTP/1.1 a phone fetches six at a time (vite.config.ts, SIGNED_IN_CHUNKS and
      // APP_START). It was 55, then 38 with the small chunks the entry imports split into 28 files, then
      // 14 with the protected area's layout, the navbar's account part and the query observers apart.
      expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(12);
      for (const [name, chunks] of Object.entries(chunksOf)) {
        expect(before.filter((pathname) => chunks.includes(path.basename(pathname))), name).toEqual([]);
      }
      // Nor the navbar's wide form, which CSS hides on a phone: its links and account part are not rendered.
      const header = page.getByRole('banner');
      expect(await header.locator('nav[aria-label="Main"] a').count()).toBe(0);
      expect(await header.getByText('learner@example.com').count()).toBe(0);
      // The render that shows the list renders few components. With three books: 530 with both of the
      // navbar's forms, 404 with the footer's twenty-odd MUI components, 325 with cards made of MUI's
      // Card, CardContent, CardActions and Typography (43 components in each card's article), 241
      // since: 184 outside the cards, 19 in each card. Outside the cards, each book adds its grid cell
      // (about 6 components: 184 with three books, 214 with eight, as other tests add books).
      const commits = await reactCommitsOf(page);
      const shown = commits.find((commit) => commit.matches > 0);
      expect(shown, JSON.stringify(commits)).toBeDefined();
      expect(shown!.components - shown!.inMatches, JSON.stringify(commits)).toBeLessThanOrEqual(175 + 6 * shown!.matches);
      expect(shown!.inMatches / shown!.matches, JSON.stringify(commits)).toBeLessThanOrEqual(25);

      // The drawer still lists the account's pages and Logout: its part loads as it opens.
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const drawer = page.locator('#navigation-drawer');
      await drawer.getByText('Welcome, learner@example.com').waitFor();
      for (const name of ['Dashboard', 'Books', 'My downloads']) expect(await drawer.getByRole('link', { name, exact: true }).count(), name).toBe(1);
      expect(await drawer.getByRole('button', { name: 'Logout' }).count()).toBe(1);
    });
  });

  it("loads no schema library (zod) with the cards' download controls: the download's code comes when a download is asked for, 'Loading...' meanwhile, and its dialog opens", async () => {
    const zodChunks = builtChunksMatching(distDir, { zod: /ZodError/ }).zod;
    const scripts = (page: Page) =>
      page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => new URL(entry.name).pathname).filter((pathname) => pathname.startsWith('/assets/')));

    await onFreshPhone(async (page) => {
      await page.goto('/books');
      const download = card(page, title).getByRole('button', { name: `Download for offline: ${title}` });
      await download.waitFor();
      await page.waitForLoadState('networkidle');
      const loaded = await scripts(page);
      expect(loaded.some((pathname) => pathname.includes('/download-button-')), 'the download controls came').toBe(true);
      expect(loaded.filter((pathname) => zodChunks.includes(path.basename(pathname)))).toEqual([]);

      // On a slow network the dialog's code takes a while: the page says it is loading meanwhile.
      await page.route('**/assets/download-dialog-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await download.click();
      const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
      await loading.waitFor();
      const dialog = page.getByRole('dialog', { name: 'Download for offline' });
      await dialog.waitFor();
      expect(await loading.count()).toBe(0);
      expect((await scripts(page)).filter((pathname) => zodChunks.includes(path.basename(pathname))).length).toBeGreaterThan(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it("on a desktop: nothing moves when the list replaces 'Loading...'", async () => {
    const { page, layoutShift, shifts } = await openWithSlowCheck(DESKTOP_VIEWPORT);
    expect(layoutShift, shifts.join('\n')).toBeLessThan(0.02);
    await page.close();
  });

  it("on a desktop: the bar has its height from the shell on, the signed-in links there from the app's first commit, never growing a line under 'Loading...'", async () => {
    const page = await app.context.newPage();
    await page.setViewportSize(DESKTOP_VIEWPORT);
    // The bar and the page after each React commit; the header comes first.
    await recordReactCommits(page, 'header, main');
    // The shell's bar, as index.html shows it before the app has rendered.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const scope = window as unknown as { shellHeader: { height: number; replaced: boolean }; reactCommits: unknown[] };
        scope.shellHeader = { height: Math.round(document.querySelector('header')!.getBoundingClientRect().height), replaced: scope.reactCommits.length > 0 };
      }),
    );
    // 'Loading...' shows for 1.5 s: long enough for links coming in a later commit to be seen.
    await page.route('**/api/accounts/profile/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/books');
    await card(page, title).waitFor();
    const commits = await reactCommitsOf(page);
    const shell = await page.evaluate(() => (window as unknown as { shellHeader: { height: number; replaced: boolean } }).shellHeader);
    const seen = JSON.stringify({ shell, commits: commits.map(({ height, text }) => ({ height, text: text.slice(0, 200) })) });
    // The shell keeps the signed-in links' place (not shown): its bar is as tall as the app's.
    expect(shell.replaced, seen).toBe(false);
    expect(commits.every((commit) => commit.height === shell.height), seen).toBe(true);
    // The app replaced the shell while the check was still under way, then the list came.
    expect(commits[0]?.text, seen).toContain('Loading...');
    expect(commits.at(-1)?.text, seen).not.toContain('Loading...');
    // At 1280 px the signed-in links take the bar's second line: there from the first commit on.
    expect(commits.every((commit) => commit.text.includes('Logout')), seen).toBe(true);
    await page.close();
  });
});
