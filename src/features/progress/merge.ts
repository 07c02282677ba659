/**
 * The server's figures merged with what this device knows (db/local-progress.ts): a chapter
 * counts when the server or the device has it read (the union of ids, so one read on both
 * counts once), a score waiting in the outbox counts as an attempt, and an assignment's status
 * is recomputed with the contract's rule, so reading offline moves it at once.
 */
import type { BookProgress, MyAssignment } from '../../contract/progress';
import { assignmentStatus, type AssignmentStatus, todayUtc } from '../../contract/progress-rules';
import type { LocalProgress } from './db/local-progress';

/** Chapters read of a book: the server's ids and the device's, counted once, never above the book's chapters. */
export function chaptersRead(bookId: number, chapterCount: number, server: BookProgress | undefined, local: LocalProgress, serverCount = 0): number {
  const ids = new Set<number>(server?.read_chapters ?? []);
  for (const id of local.reads.get(bookId) ?? []) ids.add(id);
  return Math.min(chapterCount, Math.max(ids.size, server?.chapters_read ?? 0, serverCount));
}

export interface MergedAssignment extends MyAssignment {
  status: AssignmentStatus;
}

/** One assignment with this device's reads and unsent scores folded in, its status recomputed for today. */
export function mergeAssignment(assignment: MyAssignment, server: BookProgress | undefined, local: LocalProgress, today = todayUtc()): MergedAssignment {
  const read = chaptersRead(assignment.book, assignment.chapter_count, server, local, assignment.chapters_read);
  const waiting = local.scores.get(assignment.book);
  const attempts = assignment.attempts + (waiting?.attempts ?? 0);
  const best = waiting ? Math.max(assignment.best_percentage ?? 0, waiting.best) : assignment.best_percentage;
  const merged = { ...assignment, chapters_read: read, attempts, best_percentage: best };
  const status = assignmentStatus({
    chaptersRead: read,
    chapterCount: assignment.chapter_count,
    attempts,
    bestPercentage: best,
    hasQuiz: assignment.has_quiz,
    passMark: assignment.pass_mark,
    dueDate: assignment.due_date,
    today,
  });
  return { ...merged, status };
}

/** What the dashboard needs to know of a book (from the books list or an assignment). */
export interface BookRef {
  id: number;
  title: string;
  chapter_count: number;
}

export interface BookBegun {
  book: BookRef;
  read: number;
}

/**
 * The books the user began, by the server or on this device, with chapters read; a book this
 * device knows no title or chapter count of (never listed here) is left out.
 */
export function booksBegun(server: readonly BookProgress[], local: LocalProgress, books: ReadonlyMap<number, BookRef>): BookBegun[] {
  const byBook = new Map(server.map((progress) => [progress.book, progress]));
  const ids = new Set<number>([...byBook.keys(), ...local.reads.keys()]);
  const begun: BookBegun[] = [];
  for (const id of ids) {
    const known = books.get(id);
    const progress = byBook.get(id);
    if (!known) continue;
    const chapterCount = progress?.chapter_count ?? known.chapter_count;
    begun.push({ book: { ...known, chapter_count: chapterCount }, read: chaptersRead(id, chapterCount, progress, local) });
  }
  return begun.sort((a, b) => a.book.title.localeCompare(b.book.title));
}
