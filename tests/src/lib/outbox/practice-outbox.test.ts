/**
 * Practice repetitions in the outbox (issue 37) against a fake endpoint that keeps each client id
 * once: sent by the same runner after the reviews, in batches of at most 200, replaced by the
 * server's record on its answer, kept on a network failure, rejected with the server's reason on
 * a 400, and a row left 'sending' by a closed page sent again (once) by the next runner.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendScore } from '../../../../src/features/quiz/scores/send-score';
import { writeRepetition } from '../../../../src/features/practice/db/practice-log';
import { writeReview } from '../../../../src/features/review/db/deck';
import { flushOutbox } from '../../../../src/lib/outbox/runner';
import { sendPracticeFromPage } from '../../../../src/lib/outbox/send-practice';
import { sendReviewsFromPage } from '../../../../src/lib/outbox/send-review';
import { getStoredUser } from '../../../../src/lib/session';
import { FakeApi, makeUser, signIn } from '../../../helpers/fake-api';
import { FakePracticeServer, makeDrill, PEG_TRANSFER } from '../../features/practice/practice-fixtures';
import { AppDB, freshDatabaseName } from './outbox-fixtures';

const ASHA = makeUser({ user_id: 7, email: 'asha@hospital.example' });

let api: FakeApi;
let server: FakePracticeServer;
let uninstall: () => void;
let database: AppDB;
const currentUserId = () => getStoredUser()?.user_id ?? null;
const flush = () =>
  flushOutbox({ database, currentUserId, send: sendScore, sendReviews: sendReviewsFromPage, sendPractice: sendPracticeFromPage, locks: null });

beforeEach(() => {
  api = new FakeApi();
  server = new FakePracticeServer(api);
  api.on('POST', '/review/events/', (request) => ({
    status: 200,
    data: { accepted: (request.body as { events: { client_event_id: string }[] }).events.map((e) => e.client_event_id) },
  }));
  uninstall = api.install();
  database = new AppDB(freshDatabaseName());
  signIn(ASHA);
});
afterEach(() => {
  uninstall();
  database.close();
});

let second = 0;
const repetition = (timeMs: number, penalties: { penalty: string; count: number }[] = [], drill = PEG_TRANSFER) =>
  writeRepetition(
    database,
    { userId: ASHA.user_id, drill, timeMs, penalties, performedAt: new Date(Date.UTC(2026, 10, 27, 8, 0, ++second)).toISOString() },
    1_000 + second,
  );

describe('sending practice repetitions', () => {
  it("sends each repetition once, after the reviews, and keeps the server's record in its place", async () => {
    await repetition(41_000);
    await repetition(45_000, [{ penalty: 'peg-dropped-outside', count: 1 }]);
    await writeReview(database, { userId: ASHA.user_id, quizId: 11, questionId: 'q1', rating: 'good' }, 500);

    const result = await flush();
    await flush();

    expect(result).toMatchObject({ reviewsSent: 1, repetitionsSent: 2, repetitionsRemaining: 0, stoppedBy: null });
    const order = api.calls.map((c) => c.path);
    expect(order.indexOf('/practice/my-repetitions/')).toBeGreaterThan(order.indexOf('/review/events/'));
    expect(server.posts).toHaveLength(1);
    expect(server.records.size).toBe(2);
    expect(await database.practiceOutbox.count()).toBe(0);
    const stored = (await database.repetitions.toArray()).map((row) => [row.repetition.id, row.repetition.score_ms, row.repetition.passed]);
    expect(stored.sort()).toEqual([
      [100, 41_000, true],
      [101, 55_000, false],
    ]);
  });

  it("takes the server's score over the device's", async () => {
    // The drill changed on the server since the device stored it: a dropped peg now costs 20 s.
    server.drills = [makeDrill({ penalties: [{ id: 'peg-dropped-outside', label: 'Peg dropped outside the field', seconds: 20 }] })];
    const row = await repetition(30_000, [{ penalty: 'peg-dropped-outside', count: 1 }]);
    expect(row).toMatchObject({ scoreMs: 40_000, passed: true });

    await flush();

    const [stored] = await database.repetitions.toArray();
    expect(stored!.repetition).toMatchObject({ client_id: row.clientId, score_ms: 50_000, passed: false });
  });

  it('sends at most 200 repetitions in one request', async () => {
    for (let i = 0; i < 201; i++) await repetition(40_000 + i);
    expect(await flush()).toMatchObject({ repetitionsSent: 201, repetitionsRemaining: 0 });
    expect(server.posts.map((p) => (p.body as { repetitions: unknown[] }).repetitions.length)).toEqual([200, 1]);
  });

  it('keeps the repetitions when the network fails, and sends them once when it is back', async () => {
    await repetition(41_000);
    server.postAnswer = () => 'network';
    expect(await flush()).toMatchObject({ repetitionsSent: 0, repetitionsRemaining: 1, stoppedBy: 'offline' });
    expect(await database.practiceOutbox.toArray()).toEqual([expect.objectContaining({ state: 'waiting', attempts: 1 })]);

    server.postAnswer = null;
    expect(await flush()).toMatchObject({ repetitionsSent: 1, repetitionsRemaining: 0 });
    expect(server.records.size).toBe(1);
  });

  it('sends a repetition left sending by a closed page again, and the server stores it once', async () => {
    const row = await repetition(41_000);
    // The first request reached the server, but the page closed before its answer was stored.
    server.add({ client_id: row.clientId, performed_at: row.performedAt, time_ms: 41_000, score_ms: 41_000 });
    await database.practiceOutbox.update(row.clientId, { state: 'sending', attempts: 1 });

    expect(await flush()).toMatchObject({ repetitionsSent: 1, repetitionsRemaining: 0 });
    expect(server.posts).toHaveLength(1);
    expect(server.records.size).toBe(1);
    expect(await database.practiceOutbox.count()).toBe(0);
    expect(await database.repetitions.count()).toBe(1);
  });

  it("marks a batch the server refuses as rejected with the server's reason, and never sends it again by itself", async () => {
    await repetition(41_000);
    server.postAnswer = () => ({ status: 400, data: { repetitions: ['A repetition dated in the future cannot be stored.'] } });

    expect(await flush()).toMatchObject({ repetitionsRejected: 1, repetitionsRemaining: 0, stoppedBy: null });
    expect(await database.practiceOutbox.toArray()).toEqual([
      expect.objectContaining({ state: 'rejected', lastError: 'repetitions: A repetition dated in the future cannot be stored.' }),
    ]);
    await flush();
    expect(server.posts).toHaveLength(1);
  });

  it("never sends another user's repetitions", async () => {
    await writeRepetition(database, { userId: 99, drill: PEG_TRANSFER, timeMs: 41_000, penalties: [], performedAt: '2026-11-27T08:00:00.000Z' });
    expect(await flush()).toMatchObject({ repetitionsSent: 0 });
    expect(server.posts).toHaveLength(0);
  });
});
