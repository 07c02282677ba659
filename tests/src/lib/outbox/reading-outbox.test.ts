/**
 * "Chapter read" events in the outbox (issue 35) against a fake reading endpoint that behaves
 * like the real one (idempotent by client_event_id): written once per user and chapter, sent
 * after the scores in batches, kept on a network failure or 5xx, never sent for another user,
 * replayed safely after an interrupted send.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_READING_BATCH } from '../../../../src/contract/progress';
import { sendScore } from '../../../../src/features/quiz/scores/send-score';
import { writeCompletedAttempt } from '../../../../src/lib/outbox/outbox-db';
import { chapterReadsOf, readingEventsOf, writeChapterRead } from '../../../../src/lib/outbox/reading-outbox';
import { flushOutbox } from '../../../../src/lib/outbox/runner';
import { sendReadingFromPage } from '../../../../src/lib/outbox/send-reading';
import { clearSession, getStoredUser } from '../../../../src/lib/session';
import { makeUser, signIn } from '../../../helpers/fake-api';
import { AppDB, FakeEventEndpoint, FakeScoreServer, freshDatabaseName, makeAttempt } from './outbox-fixtures';

const ASHA = makeUser({ user_id: 7, email: 'asha@hospital.example' });
const RAVI = makeUser({ user_id: 8, email: 'ravi@hospital.example' });

interface PostedEvent {
  client_event_id: string;
  chapter: number;
  read_at: string;
}

/** The score server plus POST /books/reading/, which keeps each client_event_id once. */
class FakeProgressServer extends FakeScoreServer {
  readonly reading = new FakeEventEndpoint<PostedEvent>(this.api, '/books/reading/', { ignored: [] });
}

let server: FakeProgressServer;
let uninstall: () => void;
let database: AppDB;
const currentUserId = () => getStoredUser()?.user_id ?? null;
const flush = () => flushOutbox({ database, currentUserId, send: sendScore, sendReading: sendReadingFromPage, locks: null });

beforeEach(() => {
  server = new FakeProgressServer();
  uninstall = server.api.install();
  database = new AppDB(freshDatabaseName());
  signIn(ASHA);
});

afterEach(() => {
  uninstall();
  database.close();
});

async function read(userId: number, chapterIds: number[], bookId = 3, startAt = 50_000) {
  for (const [i, chapterId] of chapterIds.entries()) await writeChapterRead(database, { userId, bookId, chapterId }, startAt + i * 1000);
}

describe('writing a chapter read', () => {
  it('writes the chapter read and one event together the first time, and nothing when the chapter is read again', async () => {
    const first = await writeChapterRead(database, { userId: ASHA.user_id, bookId: 3, chapterId: 21 }, Date.UTC(2026, 10, 27, 8, 0));
    const again = await writeChapterRead(database, { userId: ASHA.user_id, bookId: 3, chapterId: 21 }, Date.UTC(2026, 10, 28, 8, 0));

    expect(again).toBeNull();
    expect(await chapterReadsOf(database, ASHA.user_id)).toEqual([{ userId: ASHA.user_id, chapterId: 21, bookId: 3, readAt: '2026-11-27T08:00:00.000Z' }]);
    const events = await readingEventsOf(database, ASHA.user_id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ clientEventId: first?.clientEventId, chapterId: 21, readAt: '2026-11-27T08:00:00.000Z', state: 'waiting' });
    expect(first?.clientEventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps one read per user: another user reading the same chapter on this device gets their own event', async () => {
    await read(ASHA.user_id, [21]);
    await read(RAVI.user_id, [21]);
    expect(await readingEventsOf(database, ASHA.user_id)).toHaveLength(1);
    expect(await readingEventsOf(database, RAVI.user_id)).toHaveLength(1);
  });
});

describe('sending reading events', () => {
  it('sends the events once, after the scores, oldest first, and removes them after the 2xx', async () => {
    await read(ASHA.user_id, [21, 22, 23]);
    await writeCompletedAttempt(database, makeAttempt(ASHA.user_id), { quizTitle: 'FLS basics' }, 60_000);

    const result = await flush();
    await flush();

    expect(result).toMatchObject({ sent: 1, eventsSent: 3, eventsRemaining: 0, stoppedBy: null });
    const order = server.api.calls.map((c) => c.path);
    expect(order.indexOf('/books/reading/')).toBeGreaterThan(order.findIndex((p) => p.startsWith('/books/quizzes/')));
    expect(server.reading.posts).toHaveLength(1);
    expect((server.reading.posts[0]!.body as { events: PostedEvent[] }).events.map((e) => e.chapter)).toEqual([21, 22, 23]);
    expect(await readingEventsOf(database, ASHA.user_id)).toEqual([]);
    // The device still knows what it read.
    expect(await chapterReadsOf(database, ASHA.user_id)).toHaveLength(3);
  });

  it(`sends more than ${MAX_READING_BATCH} events in batches of at most ${MAX_READING_BATCH}`, async () => {
    const chapterIds = Array.from({ length: MAX_READING_BATCH + 3 }, (_, i) => 1000 + i);
    await read(ASHA.user_id, chapterIds);

    const result = await flush();

    expect(result.eventsSent).toBe(MAX_READING_BATCH + 3);
    expect(server.reading.posts.map((p) => (p.body as { events: unknown[] }).events.length)).toEqual([MAX_READING_BATCH, 3]);
    expect(new Set(server.reading.postedIds()).size).toBe(MAX_READING_BATCH + 3);
  });

  it('keeps the batch on a network failure and on a 5xx, and sends it when the server answers again', async () => {
    await read(ASHA.user_id, [21, 22]);
    server.reading.answer = () => 'network';
    const offline = await flush();
    expect(offline).toMatchObject({ eventsSent: 0, eventsRemaining: 2, stoppedBy: 'offline' });

    server.reading.answer = () => ({ status: 503, data: { detail: 'Down for maintenance.' } });
    const busy = await flush();
    expect(busy).toMatchObject({ eventsSent: 0, eventsRemaining: 2, stoppedBy: 'retry-later' });
    const kept = await readingEventsOf(database, ASHA.user_id);
    expect(kept.map((row) => [row.chapterId, row.state, row.attempts])).toEqual([
      [21, 'waiting', 2],
      [22, 'waiting', 2],
    ]);
    expect(kept[0]!.lastError).toBe('The server could not take the reading progress just now (HTTP 503).');

    server.reading.answer = null;
    expect(await flush()).toMatchObject({ eventsSent: 2, eventsRemaining: 0, stoppedBy: null });
    expect([...server.reading.events.values()].map((e) => e.chapter).sort()).toEqual([21, 22]);
  });

  it('sends no events while a score is held back by the network (the run stops there)', async () => {
    await writeCompletedAttempt(database, makeAttempt(ASHA.user_id), { quizTitle: 'FLS basics' }, 60_000);
    await read(ASHA.user_id, [21]);
    server.answer = () => 'network';

    const result = await flush();

    expect(result).toMatchObject({ stoppedBy: 'offline', remaining: 1, eventsRemaining: 1 });
    expect(server.reading.posts).toHaveLength(0);
  });

  it('marks a batch the server refuses for good as rejected with its reason, and does not resend it', async () => {
    await read(ASHA.user_id, [21]);
    server.reading.answer = () => ({ status: 400, data: { events: ['Too many events.'] } });

    expect(await flush()).toMatchObject({ eventsRejected: 1, eventsRemaining: 0, stoppedBy: null });
    await flush();

    expect(server.reading.posts).toHaveLength(1);
    expect(await readingEventsOf(database, ASHA.user_id)).toMatchObject([{ chapterId: 21, state: 'rejected', lastError: 'events: Too many events.' }]);
  });

  it("never sends another user's events, and keeps them for that user's next sign-in", async () => {
    await read(RAVI.user_id, [31, 32]);
    await read(ASHA.user_id, [21]);

    await flush();
    expect(server.reading.posts).toHaveLength(1);
    expect((server.reading.posts[0]!.body as { events: PostedEvent[] }).events.map((e) => e.chapter)).toEqual([21]);
    expect(await readingEventsOf(database, RAVI.user_id)).toHaveLength(2);

    const { access } = signIn(RAVI);
    await flush();
    expect(server.reading.posts).toHaveLength(2);
    expect(server.reading.posts[1]!.token).toBe(access);
    expect((server.reading.posts[1]!.body as { events: PostedEvent[] }).events.map((e) => e.chapter)).toEqual([31, 32]);
  });

  it('keeps every event when nobody is signed in', async () => {
    await read(ASHA.user_id, [21]);
    clearSession();

    expect(await flush()).toMatchObject({ stoppedBy: 'signed-out' });
    expect(server.reading.posts).toHaveLength(0);
    expect(await readingEventsOf(database, ASHA.user_id)).toHaveLength(1);
  });

  it('resends a batch left "sending" by a page closed mid-send; the server counts each event once', async () => {
    await read(ASHA.user_id, [21, 22]);
    // The first send reached the server, but the page closed before its answer was handled.
    server.reading.answer = (request) => {
      const { events } = request.body as { events: PostedEvent[] };
      for (const event of events) server.reading.events.set(event.client_event_id, event);
      return 'network';
    };
    await flush();
    await database.readingOutbox.toCollection().modify({ state: 'sending' });

    server.reading.answer = null;
    const result = await flush();

    expect(result).toMatchObject({ eventsSent: 2, eventsRemaining: 0 });
    expect(server.reading.posts).toHaveLength(2);
    expect(server.reading.postedIds().slice(0, 2)).toEqual(server.reading.postedIds().slice(2));
    expect(server.reading.events.size).toBe(2);
  });
});
