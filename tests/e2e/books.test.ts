/**
 * The books list and Create Book in Chromium against the real server: a superuser creates a
 * book with a cover while watching the upload, deletes one after confirming (and sees a
 * refusal), a learner gets the list without controls in 1, 2 or 3 columns, the app shell and
 * 'Loading...' until the list, an expired session renewed. What the list downloads and whether
 * anything moves as it opens are budgets in perf-budget.test.ts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, DESKTOP_VIEWPORT, type LaunchOptions, launchApp, PHONE_VIEWPORT } from '../helpers/browser';
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

const baseURL = inject('baseURL');

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/**
 * Runs `use` on a page of a fresh phone profile (no service worker, nothing cached) where the
 * demo learner is signed in, and closes the profile after it.
 */
async function onFreshPhone(use: (page: Page) => Promise<void>, options: Omit<LaunchOptions, 'viewport'> = {}): Promise<void> {
  const phone = await launchApp(baseURL, { viewport: PHONE_VIEWPORT, ...options });
  try {
    await signInContext(phone.context, await apiLogin(baseURL, LEARNER));
    await use(await phone.context.newPage());
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
    expect(
      [...seen].some((value) => value > 0 && value < 100),
      `progress seen: ${[...seen].join(', ')}`,
    ).toBe(true);
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
    // The new, empty book gives its author the next step.
    expect(await page.getByRole('button', { name: 'Add the first chapter' }).isVisible()).toBe(true);

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
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ detail: 'You do not have permission to perform this action.' }),
          })
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
    await onFreshPhone(
      async (page) => {
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
      },
      { deviceScaleFactor: 2 },
    );
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
    // The newest book comes first: on the list's first screen.
    bookId = await createBookViaApi(baseURL, director, title);
    app = await launchApp(baseURL);
    await signInContext(app.context, await apiLogin(baseURL, LEARNER));
  });
  afterAll(async () => {
    if (bookId) await api(baseURL, director, 'DELETE', `/books/books/${bookId}/`);
    await app?.close();
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
    await page.route(
      (url) => url.pathname === '/api/books/books/',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      },
    );
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

  it('renews an expired access token and shows the list', async () => {
    const fresh = await launchApp(baseURL, { viewport: PHONE_VIEWPORT });
    try {
      const session = await apiLogin(baseURL, LEARNER);
      // The same token with its expiry an hour ago, as a returning user's device holds it.
      const [header, payload, signature] = session.access.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
      const expired = [header, Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600 })).toString('base64url'), signature].join(
        '.',
      );
      await signInContext(fresh.context, { ...session, access: expired });
      const page = await fresh.context.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await page.goto('/books');
      await card(page, title).waitFor();
      expect(requests.filter((pathname) => pathname === '/api/accounts/token/refresh/')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('copies the session for the service worker once the list is shown', async () => {
    const fresh = await launchApp(baseURL, { viewport: PHONE_VIEWPORT });
    try {
      const learner = await apiLogin(baseURL, LEARNER);
      await signInContext(fresh.context, learner);
      const page = await fresh.context.newPage();
      await page.goto('/books');
      await card(page, title).waitFor();
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
    } finally {
      await fresh.close();
    }
  });
});
