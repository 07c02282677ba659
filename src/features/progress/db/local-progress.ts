/**
 * What this device knows of the user's progress before the server does: the chapters read here
 * (lib/outbox/reading-outbox.ts) and the quiz scores still in the outbox. Read live, so a
 * chapter read offline counts at once on every screen.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../lib/db';
import { outboxRowsOf } from '../../../lib/outbox/outbox-db';
import { announceReadingQueued, chapterReadsOf, type ChapterReadInput, writeChapterRead } from '../../../lib/outbox/reading-outbox';

export interface LocalProgress {
  /** Chapter ids read on this device, by book id. */
  reads: Map<number, Set<number>>;
  /** Scores not yet on the server (rejected ones left out), by book id: how many, and the best percentage. */
  scores: Map<number, { attempts: number; best: number }>;
}

export const NO_LOCAL_PROGRESS: LocalProgress = { reads: new Map(), scores: new Map() };

/**
 * Notes that the chapter's end was on screen: the first time for this user on this device, the
 * chapter read and its event are stored together (one transaction) and the outbox sync is told
 * to send it. Answers whether this was the first time.
 */
export async function recordChapterRead(input: ChapterReadInput): Promise<boolean> {
  const row = await writeChapterRead(db, input);
  if (row) announceReadingQueued();
  return row !== null;
}

export async function readLocalProgress(userId: number): Promise<LocalProgress> {
  const [reads, scores] = await Promise.all([chapterReadsOf(db, userId), outboxRowsOf(db, userId)]);
  const progress: LocalProgress = { reads: new Map(), scores: new Map() };
  for (const read of reads) {
    const chapters = progress.reads.get(read.bookId) ?? new Set<number>();
    chapters.add(read.chapterId);
    progress.reads.set(read.bookId, chapters);
  }
  for (const row of scores) {
    if (row.state === 'rejected') continue;
    const percentage = row.totalQuestions > 0 ? (row.correctAnswers / row.totalQuestions) * 100 : 0;
    const seen = progress.scores.get(row.bookId);
    progress.scores.set(row.bookId, { attempts: (seen?.attempts ?? 0) + 1, best: Math.max(seen?.best ?? 0, percentage) });
  }
  return progress;
}

/** The signed-in user's progress on this device, live; undefined while it loads. */
export function useLocalProgress(userId: number | null): LocalProgress | undefined {
  return useLiveQuery(() => (userId === null ? NO_LOCAL_PROGRESS : readLocalProgress(userId)), [userId]);
}
