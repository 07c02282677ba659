/**
 * A shared ward device in Chromium against the real server: what one user leaves behind for
 * the next. An organization admin views members and quiz history, logs out and the tab closes
 * at once; the next user's profile holds none of the admin's data in localStorage, in
 * IndexedDB outside the admin's own rows, or in Cache Storage. And a logout made offline
 * reaches the server once the connection returns, exactly once.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, clickLogout, goOffline, goOnline, launchApp, waitForServiceWorker } from '../helpers/browser';
import { apiCall, apiRegister, uiLogin } from './account-helpers';

const baseURL = inject('baseURL');
const DEMO_PASSWORD = 'Endotrainer#2026';

/** Every row of every store of the app's IndexedDB database, by store. */
function indexedDbRows(page: Page): Promise<Record<string, unknown[]>> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('laparoscopy-app');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const rows: Record<string, unknown[]> = {};
    for (const name of Array.from(database.objectStoreNames)) {
      rows[name] = await new Promise<unknown[]>((resolve, reject) => {
        const request = database.transaction(name, 'readonly').objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error);
      });
    }
    database.close();
    return rows;
  });
}

/** Every Cache Storage entry: its URL, and the body of those that are not scripts, styles or images. */
function cacheStorageEntries(page: Page): Promise<{ cache: string; url: string; body: string | null }[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string | null }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        const readable = /json|text\/plain|text\/html/.test(type);
        entries.push({ cache: name, url: request.url, body: readable && response ? await response.text() : null });
      }
    }
    return entries;
  });
}

const localStorageText = (page: Page) => page.evaluate(() => JSON.stringify(Object.entries(localStorage)));

describe('a shared device', () => {
  let app: AppBrowser;
  beforeAll(async () => {
    app = await launchApp(baseURL);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps nothing of an organization admin who logs out and closes the tab at once for the next user', async () => {
    const admin = await app.open('/');
    await waitForServiceWorker(admin);
    await uiLogin(admin, 'admin@cityhospital.example', DEMO_PASSWORD);
    const members = admin.getByRole('region', { name: 'Organization Members' }).getByRole('table', { name: 'Organization members' });
    await members.getByText('resident@cityhospital.example').waitFor();
    await admin.getByRole('region', { name: 'My Quiz History' }).getByText('You have not taken any quizzes yet.').waitFor();
    const adminSession = await admin.evaluate(() => ({
      id: (JSON.parse(localStorage.getItem('user')!) as { user_id: number }).user_id,
      access: localStorage.getItem('access_token')!,
      refresh: localStorage.getItem('refresh_token')!,
    }));
    // What this test is about: the members list (colleagues' names and emails) was saved on the device.
    await expect.poll(() => localStorageText(admin), { timeout: 5000 }).toContain('resident@cityhospital.example');

    // Where the admin left off in a book (the reader writes it so, synchronously, on pagehide).
    await admin.evaluate(
      (id) => localStorage.setItem('reading_positions', JSON.stringify({ [`${id}:1`]: { chapterId: 1, scrollY: 400, updatedAt: Date.now() } })),
      adminSession.id,
    );

    await clickLogout(admin);
    await admin.close();

    const next = await app.open('/');
    await uiLogin(next, 'learner@example.com', DEMO_PASSWORD);
    await next.getByRole('region', { name: 'My Quiz History' }).waitFor();
    await next.goto('/books');
    await next.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await next.goto('/dashboard');
    // Long enough for the throttled cache writes of this session to have happened.
    await next.waitForTimeout(2500);

    const secrets = ['cityhospital.example', 'Training Coordinator', 'Surgical Resident', adminSession.access, adminSession.refresh];
    const stored = await localStorageText(next);
    for (const secret of secrets) expect(stored, `localStorage holds ${secret.slice(0, 30)}`).not.toContain(secret);
    expect(stored).toContain('learner@example.com');
    const positionKeys = await next.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('reading_positions') ?? '{}') as object));
    expect(positionKeys.filter((key) => key.startsWith(`${adminSession.id}:`))).toEqual([]);

    // The queued logout is the admin's own row until it is sent; the next user's session sends it.
    await expect.poll(async () => (await indexedDbRows(next)).pendingLogouts?.length ?? 0, { timeout: 15_000 }).toBe(0);
    const rows = await indexedDbRows(next);
    const othersRows = Object.entries(rows).flatMap(([store, list]) =>
      list.filter((row) => (row as { userId?: unknown }).userId !== adminSession.id).map((row) => ({ store, row })),
    );
    const othersText = JSON.stringify(othersRows);
    for (const secret of secrets) expect(othersText, `IndexedDB holds ${secret.slice(0, 30)}`).not.toContain(secret);
    // The admin's place in the book waits in the admin's own row for their next sign-in.
    expect(rows.readingPositions).toEqual([expect.objectContaining({ userId: adminSession.id, bookId: 1, scrollY: 400 })]);
    expect(rows.session).toEqual([expect.objectContaining({ key: 'current', user: expect.objectContaining({ email: 'learner@example.com' }) })]);

    const cached = await cacheStorageEntries(next);
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((entry) => new URL(entry.url).pathname.startsWith('/api/'))).toEqual([]);
    for (const entry of cached) for (const secret of secrets) expect(entry.body ?? '', `${entry.cache} ${entry.url}`).not.toContain(secret);

    // And the admin's sign-in is over on the server.
    expect((await apiCall(baseURL, null, 'POST', '/accounts/token/refresh/', { refresh: adminSession.refresh })).status).toBe(401);
    await clickLogout(next);
    await next.close();
  });

  it('sends a logout made offline once the connection returns, exactly once, and the refresh token no longer works', async () => {
    const person = await apiRegister(baseURL, 'offline-logout', 'Dr. Rekha Menon');
    // The logouts the server answered, with the refresh token each ended (an earlier test's queued
    // logout may still be sent by this profile: only this session's counts).
    const logouts: { refresh: string; status: string }[] = [];
    app.context.on('response', (response) => {
      const request = response.request();
      if (request.method() !== 'POST' || new URL(response.url()).pathname !== '/api/accounts/logout/') return;
      logouts.push({ refresh: String((request.postDataJSON() as { refresh?: unknown } | null)?.refresh), status: String(response.status()) });
    });
    const answered = (refresh: string) => logouts.filter((logout) => logout.refresh === refresh).map((logout) => logout.status);
    const page = await app.open('/');
    await waitForServiceWorker(page);
    await uiLogin(page, person.email);
    await page.getByRole('main').getByText('Welcome, Dr. Rekha Menon!').waitFor();
    const refresh = await page.evaluate(() => localStorage.getItem('refresh_token')!);

    await goOffline(app.context);
    await clickLogout(page);
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(async () => ((await indexedDbRows(page)).pendingLogouts ?? []).map((row) => (row as { refresh: string }).refresh), { timeout: 10_000 })
      .toEqual([refresh]);
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
    // Offline, the server has heard nothing (a retry meanwhile fails like the first try).
    await page.waitForTimeout(2500);
    expect(answered(refresh)).toEqual([]);

    await goOnline(app.context);
    await expect.poll(async () => ((await indexedDbRows(page)).pendingLogouts ?? []).length, { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pending_logouts')), { timeout: 10_000 }).toBeNull();
    await page.waitForTimeout(3000);
    expect(answered(refresh)).toEqual(['200']);
    expect((await apiCall(baseURL, null, 'POST', '/accounts/token/refresh/', { refresh })).status).toBe(401);
    await page.close();
  });
});
