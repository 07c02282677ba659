/**
 * Budgets a user would notice, on a fresh phone profile (no service worker, nothing cached):
 * the JavaScript a first visit downloads before its first screen and until the network is idle,
 * the libraries a page never loads (the editor, the quiz, Dexie, the API client on public pages),
 * compressed and cacheable files, the signed-in pages' code asked for with their HTML, nothing moving when the books list replaces 'Loading...', and
 * a page that settles. `npm run bench` prints the same first-visit figures beside its goals.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchApp, layoutShiftsOf, PHONE_VIEWPORT, recordLayoutShifts, waitForApp } from '../helpers/browser';
import { api, apiLogin, type ApiSession, createBookViaApi, DIRECTOR, eventually, LEARNER, signInContext } from './book-helpers';
import { uploadImage } from './offline-helpers';

const baseURL = inject('baseURL');
const distDir = inject('distDir');

const KIB = 1024;

/**
 * JavaScript a reader page fetches before its chapter shows: its download control, its search
 * field and its review link come after it; a phone has no greeting, so no tooltip.
 */
const READER_FILES = 18;
const READER_BYTES = 245 * KIB;

/** A first visit to / downloads at most this much JavaScript (compressed) until the network is idle (issue 31's goal). */
const FIRST_VISIT_SCRIPT_BYTES = 200 * KIB;

/** Text only that part's code contains, found in the built chunks. */
const LIBRARIES = {
  'the editor (Lexical)': 'data-lexical-editor',
  'the quiz': 'Loading Quiz...',
  'the offline database (Dexie)': 'DexieError',
  'the API client (axios)': 'AxiosHeaders',
};

/** The built chunks (file names under assets/) whose code contains `marker`; a marker no chunk has fails, or a check would pass for nothing. */
function chunksContaining(marker: string): string[] {
  const assets = path.join(distDir, 'assets');
  const chunks = readdirSync(assets).filter((file) => file.endsWith('.js') && readFileSync(path.join(assets, file), 'utf8').includes(marker));
  expect(chunks.length, `no chunk contains ${marker}`).toBeGreaterThan(0);
  return chunks;
}

interface ScriptFetch {
  file: string;
  /** Body bytes as sent (compressed). */
  bytes: number;
  /** When it was asked for, on the page's clock. */
  startTime: number;
}

/** The scripts the page has fetched so far (Resource Timing: same-origin, so the compressed size is known). */
function scriptsFetched(page: Page): Promise<ScriptFetch[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ file: new URL(entry.name).pathname.split('/').pop()!, bytes: entry.encodedBodySize, startTime: entry.startTime })),
  );
}

const sum = (scripts: ScriptFetch[]) => scripts.reduce((total, script) => total + script.bytes, 0);
const listing = (scripts: ScriptFetch[]) => scripts.map((script) => `${script.file} ${(script.bytes / KIB).toFixed(1)} KiB`).join('\n');

/**
 * Which of the page's chunks (by name, e.g. `signed-in`) the HTML the server sends for `pathname`
 * names, as its script or a modulepreload: the others are asked for only once the app has started
 * and matched the route, a round trip later. Each chunk must be among `scripts`.
 */
async function namedInHtml(pathname: string, scripts: ScriptFetch[], chunks: string[]): Promise<Record<string, boolean>> {
  const html = await (await fetch(new URL(pathname, baseURL))).text();
  const named = new Set([...html.matchAll(/<(?:script|link rel="modulepreload")[^>]* (?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]));
  return Object.fromEntries(
    chunks.map((chunk) => {
      const file = scripts.find((script) => script.file.startsWith(`${chunk}-`))?.file;
      expect(file, `the page fetched no ${chunk} chunk`).toBeDefined();
      return [chunk, named.has(file!)];
    }),
  );
}

/** Records when an element matching `selector` first appears, on the page's clock (call before navigating); read it with firstShownAt. */
async function recordFirstShown(page: Page, selector: string): Promise<void> {
  await page.addInitScript((selector) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(selector)) return;
      (window as unknown as { firstShownAt: number }).firstShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

const firstShownAt = (page: Page) => page.evaluate(() => (window as unknown as { firstShownAt: number }).firstShownAt);

/** Runs `use` on a page of a fresh phone profile, signed in as `session` when given, and closes the profile after it. */
async function onFreshPhone(session: ApiSession | null, use: (page: Page) => Promise<void>): Promise<void> {
  const phone = await launchApp(baseURL, { viewport: PHONE_VIEWPORT });
  try {
    if (session) await signInContext(phone.context, session);
    await use(await phone.context.newPage());
  } finally {
    await phone.close();
  }
}

describe('a first visit to a public page', () => {
  it(`downloads at most ${FIRST_VISIT_SCRIPT_BYTES / KIB} KiB of JavaScript on /, in at most 20 files, until the network is idle`, async () => {
    await onFreshPhone(null, async (page) => {
      await page.goto('/');
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      const scripts = await scriptsFetched(page);
      console.log(`First visit to /: ${(sum(scripts) / KIB).toFixed(1)} KiB of JavaScript in ${scripts.length} files`);
      expect(sum(scripts), listing(scripts)).toBeLessThanOrEqual(FIRST_VISIT_SCRIPT_BYTES);
      // Over HTTP/1.1 a phone fetches six files at a time, one round trip each.
      expect(scripts.length, listing(scripts)).toBeLessThanOrEqual(20);
    });
  });

  for (const pathname of ['/', '/training-programs', '/news-updates/0', '/contacts']) {
    it(`loads none of the editor, the quiz, Dexie or the API client on ${pathname}`, async () => {
      await onFreshPhone(null, async (page) => {
        await page.goto(pathname);
        await waitForApp(page);
        await page.waitForLoadState('networkidle');
        const fetched = (await scriptsFetched(page)).map((script) => script.file);
        for (const [name, marker] of Object.entries(LIBRARIES)) {
          const chunks = chunksContaining(marker);
          expect(
            fetched.filter((file) => chunks.includes(file)),
            `${name} loaded on ${pathname}`,
          ).toEqual([]);
        }
      });
    });
  }

  it('gets every script and style brotli-compressed and cacheable for a year, and the page revalidated', async () => {
    await onFreshPhone(null, async (page) => {
      const responses: Response[] = [];
      page.on('response', (response) => responses.push(response));
      await page.goto('/');
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      const fromServer = responses.filter((response) => !response.fromServiceWorker() && response.status() === 200);
      const assets = fromServer.filter((response) => new URL(response.url()).pathname.startsWith('/assets/'));
      expect(assets.length).toBeGreaterThan(3);
      for (const response of assets) {
        const headers = await response.allHeaders();
        expect(headers['content-encoding'], response.url()).toBe('br');
        // Sent as the build compressed it (build/precompress.ts), not on the fly.
        const built = path.join(distDir, new URL(response.url()).pathname);
        expect(Number(headers['content-length']), response.url()).toBe(statSync(`${built}.br`).size);
        expect(existsSync(`${built}.gz`), `${built}.gz`).toBe(true);
        expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
        expect(headers.vary, response.url()).toMatch(/accept-encoding/i);
      }
      const document = fromServer.find((response) => response.request().resourceType() === 'document')!;
      const documentHeaders = await document.allHeaders();
      expect(documentHeaders['cache-control']).toBe('no-cache');
      expect(documentHeaders['content-encoding']).toBe('br');
    });
  });
});

describe('the signed-in pages', () => {
  let director: ApiSession;
  let learner: ApiSession;
  let bookId: number;
  const title = `Budget cover ${Date.now()}`;
  const card = (page: Page) => page.getByRole('article', { name: title });

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    learner = await apiLogin(baseURL, LEARNER);
    // The newest book comes first: its cover is the list's largest image on a phone.
    const coverUrl = await uploadImage(baseURL, director, undefined, { width: 1200, height: 800 });
    bookId = await createBookViaApi(baseURL, director, title, { cover_image_url: coverUrl });
  });
  afterAll(async () => {
    if (bookId) await api(baseURL, director, 'DELETE', `/books/books/${bookId}/`);
  });

  it('show the books list on a phone after at most 280 KiB of JavaScript in at most 21 files, without the editor or the quiz', async () => {
    await onFreshPhone(learner, async (page) => {
      await recordFirstShown(page, 'article');
      await page.goto('/books');
      await card(page).waitFor();
      const shownAt = await firstShownAt(page);
      const before = (await scriptsFetched(page)).filter((script) => script.startTime < shownAt);
      console.log(`First visit to /books signed in: ${(sum(before) / KIB).toFixed(1)} KiB of JavaScript in ${before.length} files before the list shows`);
      expect(sum(before), listing(before)).toBeLessThanOrEqual(280 * KIB);
      expect(before.length, listing(before)).toBeLessThanOrEqual(21);
      // The list's code is asked for with the page, beside the app's.
      const chunks = ['_protected', '_protected.books', 'signed-in', 'safe-image'];
      expect(await namedInHtml('/books', before, chunks)).toEqual(Object.fromEntries(chunks.map((chunk) => [chunk, true])));
      await page.waitForLoadState('networkidle');
      const fetched = (await scriptsFetched(page)).map((script) => script.file);
      for (const name of ['the editor (Lexical)', 'the quiz'] as const) {
        expect(
          fetched.filter((file) => chunksContaining(LIBRARIES[name]).includes(file)),
          name,
        ).toEqual([]);
      }
    });
  });

  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`move nothing when the list replaces 'Loading...' (${viewport.width} px), and fetch the first cover once`, async () => {
      const app = await launchApp(baseURL, { viewport });
      try {
        await signInContext(app.context, learner);
        const page = await app.context.newPage();
        await recordLayoutShifts(page);
        const requests: string[] = [];
        page.on('request', (request) => requests.push(request.url()));
        // The session check answers 1.5 s late: 'Loading...' shows first.
        await page.route('**/api/accounts/profile/', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        await page.goto('/books');
        const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
        await loading.waitFor();
        const cover = card(page).getByRole('img', { name: `Cover of ${title}` });
        await eventually(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 20_000).toBe(true);
        expect(await loading.count()).toBe(0);
        await page.waitForLoadState('networkidle');
        const { layoutShift, shifts } = await layoutShiftsOf(page);
        expect(layoutShift, shifts.join('\n')).toBeLessThanOrEqual(0.02);
        expect(requests.filter((url) => new URL(url).pathname === '/api/accounts/profile/')).toHaveLength(1);
        // One file of the cover's copies: the one its srcset picks.
        const coverPath = new URL(await cover.evaluate((img: HTMLImageElement) => img.src)).pathname;
        expect(requests.filter((url) => new URL(url).pathname === coverPath)).toEqual([await cover.evaluate((img: HTMLImageElement) => img.currentSrc)]);
      } finally {
        await app.close();
      }
    });
  }

  it("keep the bar's height when the app replaces index.html's shell (1280 px)", async () => {
    // React replaces the shell with new elements, which the layout-shift metric does not count: compare the heights.
    const barHeight = async (javaScriptEnabled: boolean) => {
      const app = await launchApp(baseURL, { viewport: DESKTOP_VIEWPORT, javaScriptEnabled });
      try {
        await signInContext(app.context, learner);
        const page = await app.context.newPage();
        await page.goto('/books');
        if (javaScriptEnabled) await card(page).waitFor();
        return await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().height);
      } finally {
        await app.close();
      }
    };
    expect(await barHeight(false)).toBe(await barHeight(true));
  });

  it(`show a reader's chapter on a phone after at most ${READER_BYTES / KIB} KiB of JavaScript in at most ${READER_FILES} files, and move nothing after it`, async () => {
    await onFreshPhone(learner, async (page) => {
      await recordLayoutShifts(page);
      await recordFirstShown(page, '.ch-p');
      // The first demo book, as in the bench.
      await page.goto('/book/1');
      await page.locator('.ch-p').first().waitFor();
      const shownAt = await firstShownAt(page);
      const before = (await scriptsFetched(page)).filter((script) => script.startTime < shownAt);
      console.log(
        `First visit to a reader page signed in: ${(sum(before) / KIB).toFixed(1)} KiB of JavaScript in ${before.length} files before the chapter shows`,
      );
      expect(sum(before), listing(before)).toBeLessThanOrEqual(READER_BYTES);
      expect(before.length, listing(before)).toBeLessThanOrEqual(READER_FILES);
      // The reader's code (its route, the chapter's renderer, Dexie) is asked for with the page, beside the app's.
      const chunks = ['_protected', '_protected.book._bookId', 'signed-in', 'device', 'chapter'];
      expect(await namedInHtml('/book/1', before, chunks)).toEqual(Object.fromEntries(chunks.map((chunk) => [chunk, true])));
      // The review link comes once the app has started; its deck is read with the contract's
      // rules, without zod, whose set-up is a long task of its own on a phone.
      await eventually(async () => (await scriptsFetched(page)).some((script) => script.file.startsWith('review-links-'))).toBe(true);
      await page.waitForLoadState('networkidle');
      const schemas = chunksContaining('ZodError');
      expect((await scriptsFetched(page)).filter((script) => schemas.includes(script.file)).map((script) => script.file)).toEqual([]);
      // What comes after the chapter (the description's 'More', the download control, the search
      // field, the review link) comes in a place of its own: nothing on the screen moves.
      const { layoutShift, shifts } = await layoutShiftsOf(page);
      expect(layoutShift, shifts.join('\n')).toBe(0);
    });
  });

  it("say 'Book not found.' for a book that does not exist, and settle (the network goes idle)", async () => {
    await onFreshPhone(learner, async (page) => {
      await page.goto('/book/987654');
      await page.getByText('Book not found.').waitFor();
      await page.waitForLoadState('networkidle', { timeout: 15_000 });
    });
  });
});
