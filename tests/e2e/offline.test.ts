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
import { type AppBrowser, goOffline, goOnline, launchApp, recordScriptRequests, waitForApp, waitForServiceWorker } from '../helpers/browser';
import { type RunningServer, startServerProcess, tempDataDir } from '../helpers/server-process';
import { api, apiLogin, type ApiSession, DIRECTOR, LEARNER, minimalMp4, signInContext } from './book-helpers';
import { chapterImageLoaded, createOfflineBook, downloadFromReader, eventually, myScores, type OfflineBookFixture, queueAttemptInPage, takeQuiz } from './offline-helpers';

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

/** The access token of the session copy the service worker reads (db.session 'current'). */
function mirroredAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const request = indexedDB.open('laparoscopy-app');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const read = request.result.transaction('session').objectStore('session').get('current');
          read.onsuccess = () => {
            request.result.close();
            resolve((read.result as { access: string | null } | undefined)?.access ?? null);
          };
        };
      }),
  );
}

/** Logout from the bar: inline on wide screens, in the account menu otherwise. */
async function clickLogout(page: Page) {
  const inline = page.getByRole('banner').getByRole('button', { name: 'Logout' });
  if (await inline.isVisible()) return inline.click();
  await page.getByRole('banner').getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The pending line of the sync card on My downloads. */
const pendingLine = (page: Page) => page.getByRole('main').getByText(/quiz scores? (has|have) not reached the server yet|All your quiz scores have reached the server/);

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
    await eventually(() => page.getByRole('banner').getByRole('link', { name: /to sync$/ }).count()).toBe(0);
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
      content_delta: { root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [{ type: 'chapter-video', version: 1, src: videoUrl }] } },
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
  /** The text of every script a fresh page at `pathname` requested. */
  async function scriptsOf(app: AppBrowser, pathname: string): Promise<string> {
    const page = await app.context.newPage();
    const urls = recordScriptRequests(page);
    await page.goto(pathname);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const texts = await Promise.all(urls.map(async (url) => (await fetch(url)).text()));
    return texts.join('\n');
  }

  it("carries no part of the offline library to a visitor's public page, and only the outbox flush to a signed-in user's", async () => {
    const visitor = await launchApp(baseURL);
    apps.push(visitor);
    const visitorScripts = await scriptsOf(visitor, '/');
    expect(visitorScripts).not.toContain('lap-outbox-flush');
    expect(visitorScripts).not.toContain('laparoscopy-app');
    expect(visitorScripts).not.toContain('offline-books-v1');

    const learner = await apiLogin(baseURL, LEARNER);
    const member = await launchApp(baseURL);
    apps.push(member);
    await signInContext(member.context, learner);
    const memberScripts = await scriptsOf(member, '/');
    expect(memberScripts).toContain('lap-outbox-flush');
    // The download code (its cache) is not needed to flush scores.
    expect(memberScripts).not.toContain('Checking the size of the download');
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

    // The page knows the service worker's registration id (CDP names it).
    const cdp = await app.context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
    );
    await cdp.send('ServiceWorker.enable');
    const registration = (await registrations).find((r) => r.scopeURL.startsWith(baseURL))!;

    // Offline, a finished attempt is queued in the outbox (as the quiz's onComplete does).
    await goOffline(app.context);
    const attemptId = randomUUID();
    await queueAttemptInPage(page, { attemptId, quiz: detail.quiz, userId: learner.user.user_id as number, bookId: book.bookId });

    // No page of the app is open any more; the connection returns; the browser fires the sync.
    const blank = await app.context.newPage();
    const blankCdp = await app.context.newCDPSession(blank);
    await cdp.detach();
    await page.close();
    await goOnline(app.context);
    await blankCdp.send('ServiceWorker.enable');
    await blankCdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseURL, registrationId: registration.registrationId, tag: 'score-outbox', lastChance: false });

    await eventually(async () => (await myScores(baseURL, learner)).length, 20_000).toBe(before.length + 1);
    const added = (await myScores(baseURL, learner)).find((record) => record.client_attempt_id === attemptId);
    expect(added).toMatchObject({ correct_answers: 2, total_questions: 2 });
    // A second sync finds the outbox empty: still one record.
    await blankCdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseURL, registrationId: registration.registrationId, tag: 'score-outbox', lastChance: false });
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
