/**
 * The app's one IndexedDB database (Dexie). What the device holds for the signed-in user:
 * the session mirror the service worker reads, downloaded books with their chapters and
 * quiz, quiz attempts in progress (resume), the score outbox, logouts waiting for a
 * connection, reading positions, chapters read and their events waiting for the server, review cards and reviews waiting for the server, practice drills with the user's repetitions and those waiting for the server, editor drafts and the search index of each downloaded book. Every row that belongs to a person carries `userId`, so on a shared ward
 * device one user's data is never shown to, or sent by, another.
 *
 * Versioning: change the schema only by adding `this.version(n + 1)`; a released version
 * is never edited (a user's device may already hold it).
 */
import Dexie, { type EntityTable } from 'dexie';
import type { ParsedBook } from '../contract/book-detail';
import type { Chapter } from '../contract/books';
import type { Drill, PenaltyCount, Repetition } from '../contract/practice';
import type { AnswerValue, UserAnswer } from '../contract/quiz';
import type { ReviewCard, ReviewRating } from '../contract/review';
import type { SessionUser } from '../contract/session';

/** The session mirrored from localStorage (the page's store, SPEC §3) for the service worker. */
export interface SessionMirror {
  key: 'current';
  access: string | null;
  refresh: string | null;
  user: SessionUser | null;
  updatedAt: number;
}

export type DownloadStatus = 'downloading' | 'complete';

/** The Cache Storage cache of downloaded books' covers, figures and chosen videos; the service worker answers from it. */
export const DOWNLOADS_CACHE = 'offline-books-v1';

/** One image or video of a downloaded book, stored in the downloads cache (DOWNLOADS_CACHE). */
export interface OfflineMedia {
  /** Same-origin path, the cache key (e.g. `/media/images/ab12.png`). */
  url: string;
  kind: 'image' | 'video';
  /** Size in bytes (from the server before downloading, then as stored); null when unknown. */
  bytes: number | null;
  /** True once it is in the downloads cache. Images are always wanted; videos only when chosen. */
  stored: boolean;
}

/**
 * A book downloaded for offline use by one user. `complete` only once the book, every chapter,
 * the quiz and every image are stored; an interrupted download stays `downloading` (never shown
 * as available) until it is resumed or removed.
 */
export interface OfflineBook {
  userId: number;
  bookId: number;
  status: DownloadStatus;
  /** The book detail with its quiz parsed (the reader's input). */
  book: ParsedBook;
  media: OfflineMedia[];
  /** Bytes stored: text (book, chapters, quiz) and stored media. */
  sizeBytes: number;
  /** The server's `updated_at` of the copy held (compared to refresh in the background). */
  serverUpdatedAt: string;
  /** When the copy was last stored completely (epoch ms); null until then. */
  downloadedAt: number | null;
  /** When the copy was last compared with the server (epoch ms). */
  checkedAt: number;
  /** Why the last download or update stopped, shown with 'Resume'. */
  error: string | null;
}

export interface OfflineChapter extends Chapter {
  userId: number;
  bookId: number;
}

/** A quiz attempt in progress or just finished: written on every answer and skip (resume). */
export interface QuizAttempt {
  /** The client_attempt_id sent with the score: made when the attempt starts. */
  attemptId: string;
  userId: number;
  bookId: number;
  quizId: number;
  quizVersion: number;
  phase: 'in-progress' | 'review-skipped' | 'completed';
  /** Question ids in the author's order. */
  questionIds: string[];
  /** While in progress: the position in questionIds. */
  currentIndex: number;
  /** Skipped question ids waiting for review, in the order they were skipped. */
  skipped: string[];
  /** While reviewing skipped questions: the position in `skipped`. */
  reviewIndex: number;
  /** One record per question answered or skipped (all questions once completed). */
  answers: UserAnswer[];
  /** Draft answers not yet submitted, by question id. */
  drafts: Record<string, AnswerValue>;
  /** The shuffled right column (match) or options (reorder), by question id. */
  shuffles: Record<string, string[]>;
  startedAt: number;
  updatedAt: number;
  completedAt: number | null;
}

export type OutboxState = 'waiting' | 'sending' | 'rejected';

/** A finished attempt waiting to reach POST /books/quizzes/{quizId}/scores/. Removed only after a 2xx. */
export interface OutboxRow {
  clientAttemptId: string;
  userId: number;
  quizId: number;
  quizTitle: string;
  bookId: number;
  quizVersion: number;
  answers: UserAnswer[];
  totalQuestions: number;
  correctAnswers: number;
  completedAt: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** The server's reason for a permanent rejection, or the last transient failure. */
  lastError: string | null;
  lastTriedAt: number | null;
}

/**
 * A logout made without a connection: the refresh token whose sign-in the server must end
 * (POST /accounts/logout/). Sent by the outbox runner before any score, whoever is signed in
 * then, and removed once the server has answered; `userId` keeps it tied to its owner.
 */
export interface PendingLogout {
  /** Made on the device. */
  id: string;
  userId: number | null;
  refresh: string;
  createdAt: number;
  attempts: number;
  lastError: string | null;
}

/** Where the reader left off in a book. */
export interface ReadingPosition {
  userId: number;
  bookId: number;
  chapterId: number;
  scrollY: number;
  updatedAt: number;
}

/** An editor's unsaved work (a chapter or a quiz), autosaved as the author types. */
export interface Draft {
  /** e.g. `chapter:<userId>:<bookId>:<chapterId|new>` or `quiz:<userId>:<bookId>`. */
  key: string;
  userId: number;
  kind: 'chapter' | 'quiz';
  value: unknown;
  updatedAt: number;
}

/**
 * The offline search index of one downloaded copy (lib/offline-search): MiniSearch's JSON,
 * built from the copy whose `copyVersion` it names, so a copy stored again is indexed again.
 */
export interface SearchIndexRow {
  userId: number;
  bookId: number;
  /** `copyVersion` of the copy indexed. */
  version: string;
  /** Bumped when what goes into an index or how it is tokenised changes: an older index is rebuilt. */
  format: number;
  bookTitle: string;
  /** MiniSearch's serialised index. */
  index: string;
  builtAt: number;
}

/**
 * A chapter the user has read on this device: its end was on screen (issue 35). Written once per
 * user and chapter, with its reading event, in one transaction (lib/outbox/reading-outbox.ts).
 */
export interface ChapterRead {
  userId: number;
  chapterId: number;
  bookId: number;
  /** ISO time the chapter's end was on screen, by the device's clock. */
  readAt: string;
}

/**
 * A "chapter read" event waiting to reach POST /books/reading/: sent by the outbox runner after
 * the user's scores, in batches, and removed only after a 2xx.
 */
export interface ReadingOutboxRow {
  /** The event's client_event_id, made on the device. */
  clientEventId: string;
  userId: number;
  bookId: number;
  chapterId: number;
  readAt: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** The server's reason for a permanent rejection, or the last transient failure. */
  lastError: string | null;
  lastTriedAt: number | null;
}

/**
 * A review card of the user (issue 36): the server's card as last fetched, or one made on this
 * device from a completed attempt (`local`, until the server's list names it). Its schedule is
 * always folded again from `events` plus the reviews still in reviewOutbox (features/review).
 */
export interface ReviewCardRow {
  userId: number;
  quizId: number;
  questionId: string;
  bookId: number;
  bookTitle: string;
  /** When the question was first missed (ISO). */
  createdAt: string;
  missedVersion: number;
  /** questionFingerprint of the question as missed. */
  fingerprint: string;
  /** As the server last said; a local card is checked against the copy's quiz instead. */
  retired: boolean;
  /** The reviews the server holds. */
  events: ReviewCard['events'];
  /** The server's fold of `events` (null for a local card): used as is while no review here is missing from it. */
  serverState: ReviewCard['state'] | null;
  /** Reviews made on this device that the server's list does not hold yet. */
  localEvents: ReviewCard['events'];
  /** Made on this device and not yet in the server's list. */
  local: boolean;
}

/**
 * A review waiting to reach POST /review/events/: written before the review screen moves on,
 * sent by the outbox runner after scores and reading events, removed only after a 2xx.
 */
export interface ReviewOutboxRow {
  clientEventId: string;
  userId: number;
  quizId: number;
  questionId: string;
  rating: ReviewRating;
  reviewedAt: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  lastTriedAt: number | null;
}

/** A practice drill as last read from GET /practice/drills/ (issue 37), kept per user for offline timing. */
export interface DrillRow {
  userId: number;
  id: number;
  drill: Drill;
  /** Epoch ms of the read that stored it. */
  storedAt: number;
}

/**
 * A timed repetition saved on this device and not yet on the server (issue 37): written before
 * the timer says 'Saved', sent by the outbox runner after reviews in batches of at most
 * MAX_REPETITION_BATCH, and replaced by the server's record (repetitions) once it answers.
 * `scoreMs` and `passed` are the contract's scoreOf and isPass against the drill as saved.
 */
export interface PracticeOutboxRow {
  clientId: string;
  userId: number;
  drill: number;
  timeMs: number;
  penalties: PenaltyCount[];
  performedAt: string;
  scoreMs: number;
  passed: boolean;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  lastTriedAt: number | null;
}

/** One of the user's repetitions as the server holds it (its record as last read or answered). */
export interface RepetitionRow {
  userId: number;
  clientId: string;
  drill: number;
  repetition: Repetition;
}

/** Small per-user facts (last successful sync time …). */
export interface MetaRow {
  key: string;
  value: unknown;
}

export class AppDB extends Dexie {
  session!: EntityTable<SessionMirror, 'key'>;
  books!: Dexie.Table<OfflineBook, [number, number]>;
  chapters!: Dexie.Table<OfflineChapter, [number, number, number]>;
  attempts!: EntityTable<QuizAttempt, 'attemptId'>;
  outbox!: EntityTable<OutboxRow, 'clientAttemptId'>;
  /** Reading positions of the users of this device other than the signed-in one, whose are in localStorage (lib/reading-positions.ts, keepOnlyPositionsOf). */
  readingPositions!: Dexie.Table<ReadingPosition, [number, number]>;
  drafts!: EntityTable<Draft, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;
  pendingLogouts!: EntityTable<PendingLogout, 'id'>;
  searchIndexes!: Dexie.Table<SearchIndexRow, [number, number]>;
  chapterReads!: Dexie.Table<ChapterRead, [number, number]>;
  readingOutbox!: EntityTable<ReadingOutboxRow, 'clientEventId'>;
  reviewCards!: Dexie.Table<ReviewCardRow, [number, number, string]>;
  reviewOutbox!: EntityTable<ReviewOutboxRow, 'clientEventId'>;
  drills!: Dexie.Table<DrillRow, [number, number]>;
  practiceOutbox!: EntityTable<PracticeOutboxRow, 'clientId'>;
  repetitions!: Dexie.Table<RepetitionRow, [number, string]>;

  constructor(name = 'laparoscopy-app') {
    super(name);
    this.version(1).stores({
      session: '&key',
      books: '[userId+bookId], userId, status',
      chapters: '[userId+bookId+id], [userId+bookId]',
      attempts: '&attemptId, [userId+bookId], [userId+phase]',
      outbox: '&clientAttemptId, userId, [userId+createdAt], createdAt',
      readingPositions: '[userId+bookId]',
      drafts: '&key, userId',
      meta: '&key',
    });
    this.version(2).stores({ pendingLogouts: '&id, createdAt' });
    this.version(3).stores({ searchIndexes: '[userId+bookId], userId' });
    this.version(4).stores({
      chapterReads: '[userId+chapterId], [userId+bookId], userId',
      readingOutbox: '&clientEventId, userId, [userId+createdAt]',
    });
    this.version(5).stores({
      reviewCards: '[userId+quizId+questionId], userId, [userId+bookId]',
      reviewOutbox: '&clientEventId, userId, [userId+createdAt], [userId+quizId+questionId]',
    });
    this.version(6).stores({
      drills: '[userId+id], userId',
      practiceOutbox: '&clientId, userId, [userId+createdAt], [userId+drill]',
      repetitions: '[userId+clientId], userId, [userId+drill]',
    });
  }

  /** The user's copy of a book, complete or not. */
  bookCopy(userId: number, bookId: number): Promise<OfflineBook | undefined> {
    return this.books.get([userId, bookId]);
  }

  /** The chapters of the user's copy in reading order (order, then id, as the server sorts them). */
  async chaptersOfCopy(userId: number, bookId: number): Promise<OfflineChapter[]> {
    const chapters = await this.chapters.where('[userId+bookId]').equals([userId, bookId]).toArray();
    return chapters.sort((a, b) => a.order - b.order || a.id - b.id);
  }

  /** The user's complete copy of a book with its chapters, or null: what the reader opens first. */
  async completeCopy(userId: number, bookId: number): Promise<LocalBook | null> {
    const copy = await this.bookCopy(userId, bookId);
    if (copy?.status !== 'complete') return null;
    return { book: copy.book, chapters: await this.chaptersOfCopy(userId, bookId) };
  }
}

/** A downloaded book as the reader shows it. */
export interface LocalBook {
  book: ParsedBook;
  chapters: OfflineChapter[];
}

/** The app's database: one connection per page or worker. */
export const db = new AppDB();
