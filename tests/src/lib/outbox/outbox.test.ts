/**
 * The score outbox against a fake score server (the real server and browser are in
 * tests/e2e/offline.test.ts): order, single flight in a page and across tabs, backoff, the
 * 401 refresh, rejections kept with the server's reason, and rows removed only after a 2xx.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCompletedAttempt, outboxRowsOf, readLastSync, countUnsynced } from '../../../../src/lib/outbox/outbox-db';
import { sendScore } from '../../../../src/features/quiz/scores/send-score';
import { createOutboxRunner, flushOutbox } from '../../../../src/lib/outbox/runner';
import { backoffDelay, createOutboxScheduler } from '../../../../src/features/quiz/scores/outbox-scheduler';
import { getStoredUser, storeSession } from '../../../../src/lib/session';
import { fakeAccessToken, makeUser, signIn } from '../../../helpers/fake-api';
import { AppDB, FakeLockManager, FakeScoreServer, freshDatabaseName, makeAttempt } from './outbox-fixtures';

const ASHA = makeUser({ user_id: 7, email: 'asha@hospital.example' });
const RAVI = makeUser({ user_id: 8, email: 'ravi@hospital.example' });

let server: FakeScoreServer;
let uninstall: () => void;
let database: AppDB;
const currentUserId = () => getStoredUser()?.user_id ?? null;

beforeEach(() => {
  server = new FakeScoreServer();
  uninstall = server.api.install();
  database = new AppDB(freshDatabaseName());
  signIn(ASHA);
});

afterEach(() => {
  uninstall();
  database.close();
});

async function queue(userId: number, count: number, startAt = 10_000) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    // Completed at increasing times, but written out of order: the outbox orders by creation.
    const row = await writeCompletedAttempt(database, makeAttempt(userId), { quizTitle: 'FLS basics' }, startAt + i * 1000);
    ids.push(row.clientAttemptId);
  }
  return ids;
}

const flush = (db = database, locks: LockManager | null = null) => flushOutbox({ database: db, currentUserId, send: sendScore, locks });

describe('enqueueing a finished attempt', () => {
  it('marks the attempt completed and writes its outbox row together, once', async () => {
    const attempt = makeAttempt(ASHA.user_id);
    await database.attempts.put(attempt);
    await writeCompletedAttempt(database, attempt, { quizTitle: 'FLS basics' }, 5_000);
    await writeCompletedAttempt(database, attempt, { quizTitle: 'FLS basics' }, 6_000);

    expect((await database.attempts.get(attempt.attemptId))?.phase).toBe('completed');
    const rows = await outboxRowsOf(database, ASHA.user_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientAttemptId: attempt.attemptId,
      quizId: 11,
      quizVersion: 2,
      totalQuestions: 3,
      correctAnswers: 1,
      state: 'waiting',
      userId: ASHA.user_id,
    });
  });

  it('writes neither when the transaction fails', async () => {
    const attempt = makeAttempt(ASHA.user_id);
    // An outbox row without a key makes the add fail inside the transaction.
    await expect(writeCompletedAttempt(database, { ...attempt, attemptId: undefined as unknown as string }, { quizTitle: 'x' })).rejects.toThrow();
    expect(await database.attempts.count()).toBe(0);
    expect(await database.outbox.count()).toBe(0);
  });
});

describe('flushing the outbox', () => {
  it('sends oldest first with the attempt payload, and removes each row after its 2xx', async () => {
    const ids = await queue(ASHA.user_id, 3);
    const result = await flush();

    expect(result).toMatchObject({ sent: 3, remaining: 0, stoppedBy: null });
    expect(server.postedIds()).toEqual(ids);
    expect(server.posts[0]!.path).toBe('/books/quizzes/11/scores/');
    expect(server.posts[0]!.body).toEqual({
      total_questions: 3,
      correct_answers: 1,
      client_attempt_id: ids[0],
      quiz_version: 2,
      answers: expect.any(Array),
      completed_at: new Date(10_000).toISOString(),
    });
    expect(await countUnsynced(database, ASHA.user_id)).toBe(0);
    expect(await readLastSync(database, ASHA.user_id)).toEqual(expect.any(Number));
  });

  it('stops at a network failure and keeps every row, the failed one first', async () => {
    const ids = await queue(ASHA.user_id, 3);
    server.answer = (request) => ((request.body as { client_attempt_id: string }).client_attempt_id === ids[1] ? 'network' : undefined);

    const result = await flush();

    expect(result).toMatchObject({ sent: 1, remaining: 2, stoppedBy: 'offline' });
    expect(server.postedIds()).toEqual([ids[0], ids[1]]);
    const rows = await outboxRowsOf(database, ASHA.user_id);
    expect(rows.map((r) => r.clientAttemptId)).toEqual([ids[1], ids[2]]);
    expect(rows.every((r) => r.state === 'waiting')).toBe(true);
  });

  it('keeps a row on a 5xx, 408 or 429 and stops the run', async () => {
    for (const status of [500, 503, 408, 429]) {
      await database.outbox.clear();
      server.posts.length = 0;
      await queue(ASHA.user_id, 2);
      server.answer = () => ({ status, data: { detail: 'busy' } });
      const result = await flush();
      expect(result.stoppedBy).toBe('retry-later');
      expect(server.posts).toHaveLength(1);
      expect(await countUnsynced(database, ASHA.user_id)).toBe(2);
    }
  });

  it('keeps a permanently rejected row with the server reason, sends the rest, and does not resend it', async () => {
    const ids = await queue(ASHA.user_id, 3);
    server.answer = (request) =>
      (request.body as { client_attempt_id: string }).client_attempt_id === ids[0]
        ? { status: 400, data: { quiz_version: ['This quiz has no version 2.'] } }
        : undefined;

    const first = await flush();
    expect(first).toMatchObject({ sent: 2, rejected: 1, remaining: 0, stoppedBy: null });
    const rows = await outboxRowsOf(database, ASHA.user_id);
    expect(rows).toEqual([expect.objectContaining({ clientAttemptId: ids[0], state: 'rejected', lastError: 'quiz_version: This quiz has no version 2.' })]);

    await flush();
    expect(server.postedIds().filter((id) => id === ids[0])).toHaveLength(1);
    expect(await countUnsynced(database, ASHA.user_id)).toBe(1);
  });

  it('shows a 409 detail as the rejection reason', async () => {
    await queue(ASHA.user_id, 1);
    server.answer = () => ({ status: 409, data: { detail: 'This attempt was recorded for another quiz.' } });
    await flush();
    expect((await outboxRowsOf(database, ASHA.user_id))[0]).toMatchObject({ state: 'rejected', lastError: 'This attempt was recorded for another quiz.' });
  });

  it('refreshes the session on a 401 through the API client and sends the row with the new token', async () => {
    const { access } = signIn(ASHA, 'refresh-1');
    const fresh = fakeAccessToken(ASHA);
    let refreshes = 0;
    server.api.on('POST', '/accounts/token/refresh/', () => {
      refreshes++;
      return { status: 200, data: { access: fresh, refresh: 'refresh-2' } };
    });
    server.answer = (request) => (request.token === access ? { status: 401, data: { detail: 'Given token not valid for any token type' } } : undefined);
    const ids = await queue(ASHA.user_id, 2);

    const result = await flush();

    expect(result).toMatchObject({ sent: 2, stoppedBy: null });
    expect(refreshes).toBe(1);
    expect(server.posts.map((p) => p.token)).toEqual([access, fresh, fresh]);
    expect([...server.records.keys()]).toEqual(ids);
  });

  it('keeps every row when the session has ended, and sends them after the same user signs in again', async () => {
    signIn(ASHA, 'refresh-expired');
    server.api.on('POST', '/accounts/token/refresh/', { status: 401, data: { detail: 'Token is invalid or expired' } });
    server.answer = (request) => (request.token ? { status: 401, data: { detail: 'Given token not valid for any token type' } } : undefined);
    const ids = await queue(ASHA.user_id, 2);

    const ended = await flush();
    expect(ended.stoppedBy).toBe('signed-out');
    expect(getStoredUser()).toBeNull();
    expect(await countUnsynced(database, ASHA.user_id)).toBe(2);

    server.answer = null;
    signIn(ASHA, 'refresh-new');
    const resumed = await flush();
    expect(resumed).toMatchObject({ sent: 2, remaining: 0 });
    expect([...server.records.keys()]).toEqual(ids);
  });

  it("never sends another user's rows, and stops when the user changes mid-run", async () => {
    const ashaIds = await queue(ASHA.user_id, 2);
    signIn(RAVI);
    const raviIds = await queue(RAVI.user_id, 1, 50_000);

    await flush();
    expect(server.postedIds()).toEqual(raviIds);
    expect(await countUnsynced(database, ASHA.user_id)).toBe(2);

    // Asha signs in again; Ravi takes the device over after her first score went out.
    signIn(ASHA);
    server.answer = () => {
      storeSession(fakeAccessToken(RAVI), 'refresh-r', RAVI);
      return undefined;
    };
    const result = await flush();
    expect(result.stoppedBy).toBe('signed-out');
    expect(server.postedIds()).toEqual([...raviIds, ashaIds[0]]);
    expect((await outboxRowsOf(database, ASHA.user_id)).map((r) => r.clientAttemptId)).toEqual([ashaIds[1]]);
  });

  it('resends a row left "sending" by a page closed mid-flush; the server keeps one record', async () => {
    const [id] = await queue(ASHA.user_id, 1);
    // The page sent it, the server recorded it, the page closed before deleting the row.
    server.records.set(id!, 1);
    await database.outbox.update(id!, { state: 'sending' });

    const result = await flush();
    expect(result.sent).toBe(1);
    expect(server.records.get(id!)).toBe(1);
    expect(await database.outbox.count()).toBe(0);
  });
});

describe('one runner at a time', () => {
  it('shares one run between concurrent triggers in a page: each score is posted once, one at a time', async () => {
    const ids = await queue(ASHA.user_id, 5);
    const runner = createOutboxRunner({ database, currentUserId, send: sendScore, locks: null });

    const results = await Promise.all([runner.flush(), runner.flush(), runner.flush(), runner.flush()]);

    expect(server.postedIds()).toEqual(ids);
    expect(server.maxInFlight).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it('makes one more pass when a row is queued during a run', async () => {
    const [first] = await queue(ASHA.user_id, 1);
    const runner = createOutboxRunner({ database, currentUserId, send: sendScore, locks: null });
    let late: string | undefined;
    server.answer = () => {
      if (!late) {
        late = 'pending';
        void writeCompletedAttempt(database, makeAttempt(ASHA.user_id), { quizTitle: 'x' }, 99_000).then((row) => {
          late = row.clientAttemptId;
          void runner.flush();
        });
      }
      return undefined;
    };
    await runner.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runner.flush();
    expect(server.postedIds()).toEqual([first, late]);
    expect(await database.outbox.count()).toBe(0);
  });

  it('lets one of two tabs flush at a time through the Web Lock: each score is posted once', async () => {
    const ids = await queue(ASHA.user_id, 6);
    const otherTab = new AppDB(database.name);
    const locks = new FakeLockManager().asLockManager();
    const tabA = createOutboxRunner({ database, currentUserId, send: sendScore, locks });
    const tabB = createOutboxRunner({ database: otherTab, currentUserId, send: sendScore, locks });

    const [a, b] = await Promise.all([tabA.flush(), tabB.flush()]);

    expect(server.postedIds()).toEqual(ids);
    expect(server.maxInFlight).toBe(1);
    expect(a.sent + b.sent).toBe(6);
    expect(await otherTab.outbox.count()).toBe(0);
    otherTab.close();
  });
});

describe('retrying with backoff', () => {
  it('retries after 2 s, 4 s, 8 s … capped at one minute while rows are pending, and stops once they are sent', async () => {
    await queue(ASHA.user_id, 1);
    server.answer = () => 'network';
    const timers: number[] = [];
    let pending: (() => void) | null = null;
    const scheduler = createOutboxScheduler({
      runner: createOutboxRunner({ database, currentUserId, send: sendScore, locks: null }),
      setTimer: (run, ms) => {
        timers.push(ms);
        pending = run;
        return timers.length;
      },
      clearTimer: () => {
        pending = null;
      },
    });

    await scheduler.trigger();
    for (let i = 0; i < 7; i++) await scheduler.trigger();
    expect(timers).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(scheduler.nextRetryMs).toBe(60_000);

    server.answer = null;
    const run = pending as (() => void) | null;
    expect(run).not.toBeNull();
    run!();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await database.outbox.count()).toBe(0);
    expect(scheduler.nextRetryMs).toBeNull();
    expect(timers).toHaveLength(8);
  });

  it('schedules nothing when the session has ended (the rows wait for the next sign-in)', async () => {
    await queue(ASHA.user_id, 1);
    const timers: number[] = [];
    const scheduler = createOutboxScheduler({
      runner: createOutboxRunner({ database, currentUserId: () => null, send: sendScore, locks: null }),
      setTimer: (_run, ms) => timers.push(ms),
    });
    const result = await scheduler.trigger();
    expect(result?.stoppedBy).toBe('signed-out');
    expect(timers).toEqual([]);
    expect(await database.outbox.count()).toBe(1);
  });

  it('caps the delay at one minute', () => {
    expect(backoffDelay(0)).toBe(2_000);
    expect(backoffDelay(5)).toBe(60_000);
    expect(backoffDelay(1_000)).toBe(60_000);
  });
});
