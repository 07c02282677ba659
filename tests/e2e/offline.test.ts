/**
 * The offline library and the score outbox in Chromium against the real server, really
 * offline (context.setOffline cuts the service worker's fetches too): download a book, read it
 * and take its quiz with no network, and see the server gain exactly one score once the
 * connection — or the server process — comes back.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, clickLogout, goOffline, goOnline, launchApp, recordScriptRequests, waitForApp, waitForServiceWorker } from '../helpers/browser';
import { type RunningServer, startServerProcess, tempDataDir } from '../helpers/server-process';
import { api, apiLogin, type ApiSession, DIRECTOR, LEARNER, minimalMp4, signInContext } from './book-helpers';
import {
  chapterImageLoaded,
  createOfflineBook,
  downloadFromReader,
  eventually,
  myScores,
  type OfflineBookFixture,
  queueAttemptInPage,
  takeQuiz,
} from './offline-helpers';

const RESIDENT = 'resident@cityhospital.example';
const baseURL = inject('baseURL');
const distDir = inject('distDir');

let apps: AppBrowser[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function openSignedIn(base: string, session: ApiSession, pathname: string): Promise<{ app: AppBrowser; page: Page }> {
  const app = await launchApp(base);
  apps.push(app);
  await signInContext(app.context, session);
  const page = await app.open(pathname);
  await waitForServiceWorker(page);
  return { app, page };
}

async function reloadApp(page: Page, pathname?: string) {
  if (pathname) await page.goto(pathname);
  else await page.reload();
  await waitForApp(page);
}

/** The session copy the service worker reads (db.session 'current'). */
function mirroredSession(page: Page): Promise<{ access: string | null; refresh: string | null } | null> {
  return page.evaluate(
    () =>
      new Promise<{ access: string | null; refresh: string | null } | null>((resolve, reject) => {
        const request = indexedDB.open('laparoscopy-app');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const read = request.result.transaction('session').objectStore('session').get('current');
          read.onsuccess = () => {
            request.result.close();
            resolve((read.result as { access: string | null; refresh: string | null } | undefined) ?? null);
          };
        };
      }),
  );
}

const mirroredAccessToken = async (page: Page) => (await mirroredSession(page))?.access ?? null;

/** The service worker's registration id, as CDP names it (to fire a Background Sync as the browser would). */
async function registrationIdOf(app: AppBrowser, page: Page, base: string): Promise<string> {
  const cdp = await app.context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
  );
  await cdp.send('ServiceWorker.enable');
  const registration = (await registrations).find((r) => r.scopeURL.startsWith(base))!;
  await cdp.detach();
  return registration.registrationId;
}

/** Closes the app's page, leaving a blank one, and returns how to fire the score sync with no page of the app open. */
async function closeAppPage(app: AppBrowser, page: Page, base: string, registrationId: string) {
  const blank = await app.context.newPage();
  const cdp = await app.context.newCDPSession(blank);
  await page.close();
  return {
    blank,
    fireSync: async () => {
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: base, registrationId, tag: 'score-outbox', lastChance: false });
    },
  };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The pending line of the sync card on My downloads. */
const pendingLine = (page: Page) =>
  page.getByRole('main').getByText(/quiz scores? (has|have) not reached the server yet|All your quiz scores have reached the server/);

describe('a downloaded book offline', () => {
  let director: ApiSession;
  let learner: ApiSession;
  let book: OfflineBookFixture;

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    learner = await apiLogin(baseURL, LEARNER);
    book = await createOfflineBook(baseURL, director);
  });

  it('opens after a reload with no network, with its second chapter and figure; the quiz score reaches the server exactly once', async () => {
    const { app, page } = await openSignedIn(baseURL, learner, `/book/${book.bookId}`);
    await heading(page, book.title).waitFor();
    await downloadFromReader(page);
    const before = await myScores(baseURL, learner);

    // Online, a downloaded book opens from the device: its text is not read from the network
    // again (the copy was checked a moment ago).
    const reads: string[] = [];
    const onRequest = (request: { url(): string }) => reads.push(new URL(request.url()).pathname);
    page.on('request', onRequest);
    await reloadApp(page);
    await heading(page, book.title).waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(reads).toContain('/api/accounts/profile/');
    expect(reads.filter((pathname) => pathname.startsWith(`/api/books/books/${book.bookId}/`))).toEqual([]);

    await goOffline(app.context);
    await reloadApp(page);
    await heading(page, book.title).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: book.chapterTitles[1], exact: true }).click();
    await page.getByText(book.secondChapterText).waitFor();
    await eventually(() => chapterImageLoaded(page)).toBe(true);

    await takeQuiz(page);
    await page.getByText('Saved on this device — will sync when online').waitFor({ timeout: 10_000 });

    // Still offline: a reload keeps the attempt, counted.
    await reloadApp(page, '/downloads');
    await heading(page, 'My downloads').waitFor();
    await expect.poll(() => pendingLine(page).textContent()).toBe('1 quiz score has not reached the server yet.');
    await page.getByRole('banner').getByRole('link', { name: '1 score to sync' }).waitFor({ timeout: 10_000 });
    expect(await myScores(baseURL, learner)).toHaveLength(before.length);

    await goOnline(app.context);
    await eventually(() => pendingLine(page).textContent(), 20_000).toBe('All your quiz scores have reached the server.');
    await eventually(() =>
      page
        .getByRole('banner')
        .getByRole('link', { name: /to sync$/ })
        .count(),
    ).toBe(0);
    const after = await myScores(baseURL, learner);
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((record) => !before.some((b) => b.id === record.id))!;
    expect(added).toMatchObject({ correct_answers: 1, total_questions: 2 });
    expect(added.client_attempt_id).toMatch(/^[0-9a-f-]{36}$/);

    // Nothing is sent twice: another trigger (focus, reload) leaves the server as it is.
    await reloadApp(page);
    await page.waitForTimeout(1500);
    expect(await myScores(baseURL, learner)).toHaveLength(before.length + 1);
  });

  it("shows the dashboard's quiz history offline as last loaded, with the attempt waiting to sync, and never 'Loading'", async () => {
    const resident = await apiLogin(baseURL, RESIDENT);
    const { app, page } = await openSignedIn(baseURL, resident, `/book/${book.bookId}`);
    await heading(page, book.title).waitFor();
    await downloadFromReader(page);
    await takeQuiz(page);
    await page.getByText('Score saved').waitFor({ timeout: 10_000 });
    await reloadApp(page, '/dashboard');
    const history = page.getByRole('table', { name: 'My Quiz History' });
    await history.getByText('1/2').first().waitFor({ timeout: 10_000 });
    const serverRows = await history.getByRole('row').count();

    // Offline, the learner goes on in the app (no reload) to the downloaded book and takes its quiz again.
    await goOffline(app.context);
    await page.getByRole('banner').getByRole('link', { name: 'Books', exact: true }).click();
    await page.getByRole('main').getByRole('link', { name: book.title }).first().click();
    await heading(page, book.title).waitFor();
    await takeQuiz(page);
    await page.getByText('Saved on this device — will sync when online').waitFor({ timeout: 10_000 });
    await reloadApp(page, '/dashboard');
    await page.getByText(/You are offline: this is your history as last loaded/).waitFor({ timeout: 10_000 });
    // The attempt waiting on the device joins the rows as last loaded (read from IndexedDB just after them).
    await eventually(() => history.getByRole('row').count()).toBe(serverRows + 1);
    expect(await history.getByText('Waiting to sync').count()).toBe(1);
    expect(await page.getByText('Loading quiz history...').count()).toBe(0);
  });

  it('stores a chosen video with the book and seeks in it offline (206 for a Range request)', async () => {
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(minimalMp4(300_000))], { type: 'video/mp4' }), 'suturing.mp4');
    const upload = await fetch(`${baseURL}/api/media/upload-video/`, { method: 'POST', headers: { authorization: `Bearer ${director.access}` }, body: form });
    expect(upload.status).toBe(201);
    const { videoUrl } = (await upload.json()) as { videoUrl: string };
    const withVideo = await createOfflineBook(baseURL, director);
    await api(baseURL, director, 'POST', `/books/books/${withVideo.bookId}/chapters/`, {
      title: 'Suturing video',
      order: 3,
      content_delta: {
        root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [{ type: 'chapter-video', version: 1, src: videoUrl }] },
      },
    });
    const { app, page } = await openSignedIn(baseURL, learner, `/book/${withVideo.bookId}`);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download for offline' });
    const videoChoice = dialog.getByRole('checkbox', { name: /^Video .*\.mp4 \(293 KB\)$/ });
    await videoChoice.check();
    await dialog.getByRole('button', { name: 'Start download' }).click();
    await dialog.getByText('Available offline', { exact: true }).waitFor({ timeout: 30_000 });

    await goOffline(app.context);
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength, range: response.headers.get('content-range') };
    }, videoUrl);
    expect(answer).toEqual({ status: 206, bytes: 100, range: expect.stringMatching(/^bytes 100-199\/\d+$/) });
  });

  it('says a book that is not downloaded needs a connection, at once', async () => {
    const other = await createOfflineBook(baseURL, director);
    const { app, page } = await openSignedIn(baseURL, learner, '/books');
    await goOffline(app.context);
    const started = Date.now();
    await reloadApp(page, `/book/${other.bookId}`);
    await page.getByText('This book is not downloaded. Connect to the internet to open it.').waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('leaves no book marked available when the download is cut off by going offline, and resumes online', async () => {
    const other = await createOfflineBook(baseURL, director);
    const { app, page } = await openSignedIn(baseURL, learner, `/book/${other.bookId}`);
    await heading(page, other.title).waitFor();
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download for offline' });
    await dialog.getByText(/^Total: /).waitFor({ timeout: 20_000 });
    await goOffline(app.context);
    await dialog.getByRole('button', { name: 'Start download' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The book is not available offline.' }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByText('Available offline', { exact: true }).count()).toBe(0);

    await reloadApp(page, '/downloads');
    await page.getByText(/Download interrupted/).waitFor();
    expect(await page.getByText('Available offline', { exact: true }).count()).toBe(0);
    await reloadApp(page, `/book/${other.bookId}`);
    await page.getByText('This book is not downloaded. Connect to the internet to open it.').waitFor();

    await goOnline(app.context);
    await reloadApp(page);
    await page.getByRole('button', { name: 'Resume download' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start download' }).click();
    await page.getByRole('dialog').getByText('Available offline', { exact: true }).waitFor({ timeout: 30_000 });
  });

  it('causes no duplicate when the page is closed in the middle of a flush', async () => {
    const { data: detail } = await api<{ quiz: { id: number; version: number } }>(baseURL, learner, 'GET', `/books/books/${book.bookId}/`);
    const { app, page } = await openSignedIn(baseURL, learner, '/downloads');
    await goOffline(app.context);
    const attemptId = randomUUID();
    await queueAttemptInPage(page, { attemptId, quiz: detail.quiz, userId: learner.user.user_id as number, bookId: book.bookId });

    // The score leaves for the server and the page closes before any answer arrives.
    const sent = new Promise<void>((resolve) =>
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/scores/')) {
          void page.close();
          resolve();
        }
      }),
    );
    await goOnline(app.context);
    await sent;

    const next = await app.open('/downloads');
    await eventually(() => pendingLine(next).textContent(), 20_000).toBe('All your quiz scores have reached the server.');
    expect((await myScores(baseURL, learner)).filter((record) => record.client_attempt_id === attemptId)).toHaveLength(1);
  });

  it("keeps two users' downloads and attempts apart on one browser profile", async () => {
    const { app, page } = await openSignedIn(baseURL, learner, `/book/${book.bookId}`);
    await downloadFromReader(page);
    const learnerBefore = await myScores(baseURL, learner);
    await goOffline(app.context);
    await reloadApp(page);
    await takeQuiz(page);
    await page.getByText('Saved on this device — will sync when online').waitFor();

    // The learner logs out (offline) and is told the truth; the resident signs in on the same browser.
    await clickLogout(page);
    const question = page.getByRole('dialog', { name: 'Quiz scores not synced yet' });
    await question.getByText(/they stay on this device and are sent the next time you sign in here/).waitFor();
    await question.getByRole('button', { name: 'Log out anyway' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Signed out for the service worker too (its copy of the session) before the network returns.
    await eventually(() => mirroredAccessToken(page)).toBeNull();
    await goOnline(app.context);
    await page.goto('/login');
    await waitForApp(page);
    await page.getByLabel(/^Email/).fill(RESIDENT);
    await page.getByLabel(/^Password/).fill('Endotrainer#2026');
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');

    await reloadApp(page, '/downloads');
    await page.getByText('You have not downloaded any books yet.', { exact: false }).waitFor();
    await expect.poll(() => pendingLine(page).textContent()).toBe('All your quiz scores have reached the server.');
    await page.waitForTimeout(2000);
    expect(await myScores(baseURL, learner)).toHaveLength(learnerBefore.length);
    await goOffline(app.context);
    await reloadApp(page, `/book/${book.bookId}`);
    await page.getByText('This book is not downloaded. Connect to the internet to open it.').waitFor();

    // The learner signs in again: the waiting attempt is sent, once, and the download is back.
    await goOnline(app.context);
    await reloadApp(page, '/dashboard');
    await clickLogout(page);
    await page.waitForURL((url) => url.pathname === '/');
    // Signed out for the service worker too (its copy of the session, written asynchronously).
    await eventually(() => mirroredAccessToken(page)).toBeNull();
    await page.goto('/login');
    await waitForApp(page);
    await page.getByLabel(/^Email/).fill(LEARNER);
    await page.getByLabel(/^Password/).fill('Endotrainer#2026');
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await eventually(async () => (await myScores(baseURL, learner)).length, 20_000).toBe(learnerBefore.length + 1);
    await reloadApp(page, '/downloads');
    await page.getByRole('link', { name: book.title }).waitFor();
  });
});

describe('what a first visit loads', () => {
  /** A fresh page at `pathname`, and the text of every script it has requested so far. */
  async function openRecordingScripts(app: AppBrowser, pathname: string): Promise<() => Promise<string>> {
    const page = await app.context.newPage();
    const urls = recordScriptRequests(page);
    await page.goto(pathname);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    return async () => (await Promise.all(urls.map(async (url) => (await fetch(url)).text()))).join('\n');
  }

  it("carries no part of the offline library to a visitor's public page, and only the outbox flush to a signed-in user's", async () => {
    const visitor = await launchApp(baseURL);
    apps.push(visitor);
    const visitorScripts = await (await openRecordingScripts(visitor, '/'))();
    expect(visitorScripts).not.toContain('lap-outbox-flush');
    expect(visitorScripts).not.toContain('laparoscopy-app');
    expect(visitorScripts).not.toContain('offline-books-v1');

    const learner = await apiLogin(baseURL, LEARNER);
    const member = await launchApp(baseURL);
    apps.push(member);
    await signInContext(member.context, learner);
    // The root starts the sync once the page is taken over, which under load can come after
    // the network has been idle for a while: wait for its chunk.
    const memberScripts = await openRecordingScripts(member, '/');
    await eventually(memberScripts).toContain('lap-outbox-flush');
    // The download code (its cache) is not needed to flush scores.
    expect(await memberScripts()).not.toContain('Checking the size of the download');
  });
});

describe('Background Sync with no page open', () => {
  it('lets the service worker send a waiting score with the same outbox, once', async () => {
    const director = await apiLogin(baseURL, DIRECTOR);
    const learner = await apiLogin(baseURL, LEARNER);
    const book = await createOfflineBook(baseURL, director);
    const { data: detail } = await api<{ quiz: { id: number; version: number } }>(baseURL, learner, 'GET', `/books/books/${book.bookId}/`);
    const { app, page } = await openSignedIn(baseURL, learner, '/downloads');
    const before = await myScores(baseURL, learner);

    const registrationId = await registrationIdOf(app, page, baseURL);

    // Offline, a finished attempt is queued in the outbox (as the quiz's onComplete does).
    await goOffline(app.context);
    const attemptId = randomUUID();
    await queueAttemptInPage(page, { attemptId, quiz: detail.quiz, userId: learner.user.user_id as number, bookId: book.bookId });

    // No page of the app is open any more; the connection returns; the browser fires the sync.
    const { blank, fireSync } = await closeAppPage(app, page, baseURL, registrationId);
    await goOnline(app.context);
    await fireSync();

    await eventually(async () => (await myScores(baseURL, learner)).length, 20_000).toBe(before.length + 1);
    const added = (await myScores(baseURL, learner)).find((record) => record.client_attempt_id === attemptId);
    expect(added).toMatchObject({ correct_answers: 2, total_questions: 2 });
    // A second sync finds the outbox empty: still one record.
    await fireSync();
    await blank.waitForTimeout(1500);
    expect((await myScores(baseURL, learner)).filter((record) => record.client_attempt_id === attemptId)).toHaveLength(1);
  });
});

describe('the server process stopped and started again', () => {
  let server: RunningServer | null = null;
  let dataDir: string;
  let port: number;

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: found } = probe.address() as { port: number };
        probe.close(() => resolve(found));
      });
    });
  const start = async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: distDir, SKIP_BUILD: '1', PORT: String(port) }, 120_000);
    return server.url;
  };

  beforeAll(async () => {
    dataDir = tempDataDir();
    port = await freePort();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends the attempt taken while the server was down within about a minute of its return, with no user action', { timeout: 240_000 }, async () => {
    const base = await start();
    const director = await apiLogin(base, DIRECTOR);
    const learner = await apiLogin(base, LEARNER);
    const book = await createOfflineBook(base, director);
    const { page } = await openSignedIn(base, learner, `/book/${book.bookId}`);
    await downloadFromReader(page);
    const before = await myScores(base, learner);

    await server!.stop();
    await reloadApp(page);
    await heading(page, book.title).waitFor({ timeout: 15_000 });
    await takeQuiz(page);
    await page.getByText('Saved on this device — will sync when online').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(3000);

    await start();
    const back = Date.now();
    await eventually(async () => (await myScores(base, learner)).length, 75_000).toBe(before.length + 1);
    expect(Date.now() - back).toBeLessThan(70_000);
    await page.getByText('Score saved').waitFor({ timeout: 10_000 });
  });
});

describe('Background Sync after the access token ran out', () => {
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  const expiresAt = (access: string) => (JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }).exp * 1000;
  const waitUntilExpired = async (page: Page, access: string) => {
    const wait = expiresAt(access) + 1500 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
  };

  it('the worker renews the session to send the score, and the page then takes the renewed pair: the sign-in goes on', { timeout: 240_000 }, async () => {
    // Access tokens of 15 s, and no grace for a refresh token sent twice: a page that replayed
    // the token the worker spent would end the sign-in at once.
    server = await startServerProcess(
      { DATA_DIR: tempDataDir(), DIST_DIR: distDir, SKIP_BUILD: '1', ACCESS_TOKEN_LIFETIME: '15', REFRESH_REUSE_GRACE_SECONDS: '0' },
      120_000,
    );
    const base = server.url;
    const book = await createOfflineBook(base, await apiLogin(base, DIRECTOR));
    const learner = await apiLogin(base, LEARNER);
    const { data: detail } = await api<{ quiz: { id: number; version: number } }>(base, learner, 'GET', `/books/books/${book.bookId}/`);
    const scoresNow = async () => myScores(base, await apiLogin(base, LEARNER));
    const before = (await scoresNow()).length;

    // Signed in as a returning user is: the pair in localStorage, then the app starts.
    const app = await launchApp(base);
    apps.push(app);
    const page = await app.open('/');
    await page.evaluate((stored) => {
      localStorage.setItem('access_token', stored.access);
      localStorage.setItem('refresh_token', stored.refresh);
      localStorage.setItem('user', JSON.stringify(stored.user));
    }, learner);
    await reloadApp(page, '/downloads');
    await waitForServiceWorker(page);
    await eventually(async () => (await mirroredSession(page))?.refresh).toBeTruthy();

    const registrationId = await registrationIdOf(app, page, base);

    await goOffline(app.context);
    const attemptId = randomUUID();
    await queueAttemptInPage(page, { attemptId, quiz: detail.quiz, userId: learner.user.user_id as number, bookId: book.bookId });
    const heldByWorker = (await mirroredSession(page))!;

    // No page open; the access token the worker holds runs out; the connection returns.
    const { blank, fireSync } = await closeAppPage(app, page, base, registrationId);
    await waitUntilExpired(blank, heldByWorker.access!);
    await goOnline(app.context);
    await fireSync();

    const sent = async () => (await scoresNow()).filter((record) => record.client_attempt_id === attemptId).length;
    await expect.poll(sent, { timeout: 30_000, interval: 1000 }).toBe(1);
    expect((await scoresNow()).length).toBe(before + 1);

    // The page opens again: it takes the pair the worker obtained (its own refresh token was spent)…
    const again = await app.open('/downloads');
    const renewed = (await mirroredSession(again))!;
    expect(renewed.refresh).not.toBe(heldByWorker.refresh);
    await eventually(() => again.evaluate(() => localStorage.getItem('refresh_token'))).toBe(renewed.refresh);
    // …and when that access token runs out too, the page refreshes with it: still signed in.
    await waitUntilExpired(again, renewed.access!);
    await again.goto('/books');
    await waitForApp(again);
    await again.getByText(book.title).first().waitFor({ timeout: 20_000 });
    expect(new URL(again.url()).pathname).toBe('/books');
    await eventually(() => again.evaluate(() => localStorage.getItem('refresh_token'))).not.toBe(renewed.refresh);
    expect(await again.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  });
});
