/**
 * Chapters read on this device and their "chapter read" events waiting for the server (issue 35),
 * in Dexie. The first read of a (user, chapter) writes the local `chapterReads` row and the
 * event's outbox row in ONE transaction; reading it again writes nothing. The outbox runner
 * (runner.ts) sends the events after the user's scores, in batches of at most
 * MAX_READING_BATCH, to POST /books/reading/, which takes a replayed client_event_id once.
 * Worker-safe: no DOM, no localStorage (service-worker/score-sync.ts imports it).
 */
import Dexie from 'dexie';
import type { ReadingBatch } from '../../contract/progress';
import { MAX_READING_BATCH } from '../../contract/progress-rules';
import type { AppDB, ChapterRead, ReadingOutboxRow } from '../db';

export interface ChapterReadInput {
  userId: number;
  bookId: number;
  chapterId: number;
}

/**
 * Notes that the chapter's end was on screen: the first time for this user on this device it
 * writes the chapter read and its event together (or neither) and answers the event; later
 * answers null and writes nothing.
 */
export async function writeChapterRead(database: AppDB, { userId, bookId, chapterId }: ChapterReadInput, now = Date.now()): Promise<ReadingOutboxRow | null> {
  return database.transaction('rw', database.chapterReads, database.readingOutbox, async () => {
    if (await database.chapterReads.get([userId, chapterId])) return null;
    const readAt = new Date(now).toISOString();
    await database.chapterReads.add({ userId, chapterId, bookId, readAt });
    const row: ReadingOutboxRow = {
      clientEventId: crypto.randomUUID(),
      userId,
      bookId,
      chapterId,
      readAt,
      createdAt: now,
      state: 'waiting',
      attempts: 0,
      lastError: null,
      lastTriedAt: null,
    };
    await database.readingOutbox.add(row);
    return row;
  });
}

/** The chapters the user has read on this device. */
export function chapterReadsOf(database: AppDB, userId: number): Promise<ChapterRead[]> {
  return database.chapterReads.where('userId').equals(userId).toArray();
}

const eventsOf = (database: AppDB, userId: number) =>
  database.readingOutbox.where('[userId+createdAt]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]);

/** The user's oldest events that may be sent now (not rejected), at most `limit`. */
export function nextReadingBatch(database: AppDB, userId: number, limit = MAX_READING_BATCH): Promise<ReadingOutboxRow[]> {
  return eventsOf(database, userId)
    .filter((row) => row.state !== 'rejected')
    .limit(limit)
    .toArray();
}

/** How many of the user's events a flush would still try to send. */
export function countSendableEvents(database: AppDB, userId: number): Promise<number> {
  return eventsOf(database, userId)
    .filter((row) => row.state !== 'rejected')
    .count();
}

/** Every event of the user not yet on the server, oldest first (rejected ones included). */
export function readingEventsOf(database: AppDB, userId: number): Promise<ReadingOutboxRow[]> {
  return eventsOf(database, userId).toArray();
}

/** The body of POST /books/reading/ for a batch. */
export function readingBatchOf(rows: readonly ReadingOutboxRow[]): ReadingBatch {
  return { events: rows.map((row) => ({ client_event_id: row.clientEventId, chapter: row.chapterId, read_at: row.readAt })) };
}

/** The path of the reading endpoint under /api. */
export const READING_PATH = '/books/reading/';

/** What the reasons of a refused or delayed batch call it ('The server could not take the reading progress just now'). */
export const READING_NOUN = 'reading progress';

const queuedListeners = new Set<() => void>();

/** Calls `listener` after each reading event queued in this page (the outbox sync flushes then). */
export function onReadingQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Tells this page's outbox sync that an event waits (after its transaction has committed). */
export function announceReadingQueued(): void {
  queuedListeners.forEach((listener) => listener());
}
