/**
 * Logouts made without a connection (fake-indexeddb, a fake API): queued with their refresh
 * token, sent by the outbox runner before any score once the network answers, whoever is
 * signed in then, each exactly once, and kept through network failures and server trouble.
 * The real server and browser: tests/e2e/shared-device.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from '../../../../src/features/auth/auth-store';
import { db as appDb } from '../../../../src/lib/db';
import { addPendingLogout } from '../../../../src/lib/outbox/logout-outbox';
import { clearLogoutMarker, hasPendingLogouts, markLogoutPending, saveUnsavedLogouts } from '../../../../src/lib/outbox/logout-queue';
import { writeCompletedAttempt } from '../../../../src/lib/outbox/outbox-db';
import { createOutboxRunner, flushOutbox } from '../../../../src/lib/outbox/runner';
import { sendLogoutFromPage } from '../../../../src/lib/outbox/send-logout';
import { sendScore } from '../../../../src/features/quiz/scores/send-score';
import { getAccessToken, getStoredUser } from '../../../../src/lib/session';
import { type FakeRequest, makeUser, signIn } from '../../../helpers/fake-api';
import { AppDB, FakeLockManager, FakeScoreServer, freshDatabaseName, makeAttempt } from './outbox-fixtures';

const ASHA = makeUser({ user_id: 7, email: 'asha@hospital.example' });
const RAVI = makeUser({ user_id: 8, email: 'ravi@hospital.example' });

let server: FakeScoreServer;
let uninstall: () => void;
let database: AppDB;
/** Refresh tokens the fake server has ended, and every logout it was sent. */
let ended: Set<string>;
let logouts: FakeRequest[];
let logoutAnswer: (() => { status: number; data?: unknown } | 'network') | null;
const currentUserId = () => getStoredUser()?.user_id ?? null;

beforeEach(() => {
  localStorage.clear();
  server = new FakeScoreServer();
  ended = new Set();
  logouts = [];
  logoutAnswer = null;
  // As the real server: a known token is ended once, and the same token again answers 200 too.
  server.api.on('POST', '/accounts/logout/', async (request) => {
    logouts.push(request);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const override = logoutAnswer?.();
    if (override) return override;
    const { refresh } = request.body as { refresh: string };
    if (!refresh.startsWith('refresh-')) return { status: 400, data: { detail: 'Token is invalid or expired.' } };
    ended.add(refresh);
    return { status: 200, data: { detail: 'Signed out.' } };
  });
  uninstall = server.api.install();
  database = new AppDB(freshDatabaseName());
});

afterEach(async () => {
  uninstall();
  database.close();
  await appDb.pendingLogouts.clear();
  vi.restoreAllMocks();
});

const flush = (locks: LockManager | null = null) => flushOutbox({ database, currentUserId, send: sendScore, sendLogout: sendLogoutFromPage, locks });

describe('logout (the auth store)', () => {
  it('ends the session on the device at once and queues the refresh token in IndexedDB, tied to its owner', async () => {
    signIn(ASHA, 'refresh-asha');
    const store = createAuthStore();
    await store.logout();
    expect(getAccessToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    const queued = await appDb.pendingLogouts.toArray();
    expect(queued).toEqual([{ id: expect.any(String), userId: 7, refresh: 'refresh-asha', createdAt: expect.any(Number), attempts: 0, lastError: null }]);
    // localStorage keeps no token and no data of the user once IndexedDB holds the logout: only a marker that a logout waits.
    expect(Object.keys(localStorage)).toEqual(['pending_logouts']);
    expect(localStorage.getItem('pending_logouts')).not.toContain('refresh-asha');
    expect(hasPendingLogouts()).toBe(true);
  });

  it('keeps the token on the device when the tab closes before IndexedDB took it, and the next page queues it', async () => {
    signIn(ASHA, 'refresh-asha');
    const store = createAuthStore();
    // The tab closes at once: the logout's synchronous part ran, its IndexedDB write never did.
    vi.spyOn(appDb.pendingLogouts, 'add').mockReturnValueOnce(new Promise(() => {}) as never);
    void store.logout();
    expect(getAccessToken()).toBeNull();
    expect(await appDb.pendingLogouts.count()).toBe(0);
    expect(hasPendingLogouts()).toBe(true);

    // The next page, whoever signs in, saves it before its first flush.
    vi.restoreAllMocks();
    await saveUnsavedLogouts();
    expect(await appDb.pendingLogouts.toArray()).toEqual([expect.objectContaining({ userId: 7, refresh: 'refresh-asha' })]);
    expect(localStorage.getItem('pending_logouts')).toBe('[]');
    clearLogoutMarker();
    expect(hasPendingLogouts()).toBe(false);
  });

  it('keeps the marker while a logout that IndexedDB does not hold yet waits', () => {
    markLogoutPending('refresh-asha', 7);
    clearLogoutMarker();
    expect(hasPendingLogouts()).toBe(true);
    expect(JSON.parse(localStorage.getItem('pending_logouts')!)).toEqual([{ refresh: 'refresh-asha', userId: 7 }]);
  });
});

describe('sending queued logouts through the outbox runner', () => {
  it('sends a logout made offline once the network answers: exactly once, then the row is gone', async () => {
    await addPendingLogout(database, 'refresh-asha', 7);
    logoutAnswer = () => 'network';
    const offline = await flush();
    expect(offline).toMatchObject({ stoppedBy: 'offline', logoutsSent: 0, logoutsWaiting: 1 });
    expect(await database.pendingLogouts.toArray()).toEqual([expect.objectContaining({ refresh: 'refresh-asha', attempts: 1, lastError: expect.any(String) })]);
    expect(ended.size).toBe(0);

    logoutAnswer = null;
    const online = await flush();
    expect(online).toMatchObject({ logoutsSent: 1, logoutsWaiting: 0, stoppedBy: 'signed-out' });
    expect([...ended]).toEqual(['refresh-asha']);
    expect(await database.pendingLogouts.count()).toBe(0);
    await flush();
    expect(logouts).toHaveLength(2);
    expect(logouts.map((r) => (r.body as { refresh: string }).refresh)).toEqual(['refresh-asha', 'refresh-asha']);
  });

  it('keeps the logout on a 5xx, 408 or 429 and drops it when the server says there is no sign-in left to end', async () => {
    for (const status of [500, 408, 429]) {
      await database.pendingLogouts.clear();
      await addPendingLogout(database, 'refresh-asha', 7);
      logoutAnswer = () => ({ status, data: { detail: 'busy' } });
      expect(await flush()).toMatchObject({ stoppedBy: 'retry-later', logoutsWaiting: 1 });
    }
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    logoutAnswer = null;
    await database.pendingLogouts.clear();
    await addPendingLogout(database, 'expired-token', 7);
    expect(await flush()).toMatchObject({ logoutsSent: 1, logoutsWaiting: 0 });
    expect(await database.pendingLogouts.count()).toBe(0);
  });

  it("sends the last user's logout before the next user's scores, and never sends the next user's scores with it", async () => {
    await addPendingLogout(database, 'refresh-asha', 7);
    signIn(RAVI, 'refresh-ravi');
    await writeCompletedAttempt(database, makeAttempt(RAVI.user_id), { quizTitle: 'FLS basics' });
    const order: string[] = [];
    server.api.on('POST', /.*/, async (request) => {
      order.push(request.path);
      if (request.path === '/accounts/logout/') {
        ended.add((request.body as { refresh: string }).refresh);
        return { status: 200, data: { detail: 'Signed out.' } };
      }
      return { status: 201, data: {} };
    });
    const result = await flush();
    expect(result).toMatchObject({ logoutsSent: 1, sent: 1, remaining: 0, stoppedBy: null });
    expect(order).toEqual(['/accounts/logout/', '/books/quizzes/11/scores/']);
    expect([...ended]).toEqual(['refresh-asha']);
  });

  it('two tabs flushing at once send each logout once (the outbox Web Lock)', async () => {
    await addPendingLogout(database, 'refresh-asha', 7);
    await addPendingLogout(database, 'refresh-ravi', 8);
    const locks = new FakeLockManager().asLockManager();
    const otherTab = new AppDB(database.name);
    const tabA = createOutboxRunner({ database, currentUserId, send: sendScore, sendLogout: sendLogoutFromPage, locks });
    const tabB = createOutboxRunner({ database: otherTab, currentUserId, send: sendScore, sendLogout: sendLogoutFromPage, locks });
    await Promise.all([tabA.flush(), tabB.flush(), tabA.flush()]);
    otherTab.close();
    expect(logouts.map((r) => (r.body as { refresh: string }).refresh)).toEqual(['refresh-asha', 'refresh-ravi']);
    expect(await database.pendingLogouts.count()).toBe(0);
  });

  it('a logout queued during a run that the sign-out stopped gets its own pass', async () => {
    signIn(ASHA, 'refresh-asha');
    await writeCompletedAttempt(database, makeAttempt(ASHA.user_id), { quizTitle: 'FLS basics' });
    let release!: () => void;
    server.answer = () => undefined;
    server.api.on('POST', '/books/quizzes/:quizId/scores/', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 201, data: {} };
    });
    const runner = createOutboxRunner({ database, currentUserId, send: sendScore, sendLogout: sendLogoutFromPage, locks: null });
    const first = runner.flush();
    await vi.waitFor(() => expect(release).toBeDefined());
    // The user signs out mid-run: the logout is queued and a flush asked for.
    localStorage.clear();
    await addPendingLogout(database, 'refresh-asha', 7);
    const joined = runner.flush();
    release();
    const result = await Promise.all([first, joined]);
    expect(result[1]).toMatchObject({ logoutsWaiting: 0 });
    expect([...ended]).toEqual(['refresh-asha']);
  });
});
