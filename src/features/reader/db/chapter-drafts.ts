/**
 * Chapter drafts: the chapter dialog's unsaved work, autosaved in IndexedDB (db.drafts) as the
 * author types, so closing the dialog, a reload or a crash never loses it. One draft per user,
 * book and chapter (`new` for a chapter not yet created); saving the chapter clears it.
 */
import { db, type Draft } from '../../../lib/db';

/** What a chapter draft holds: the form as the author left it. */
export interface ChapterDraftValue {
  title: string;
  order: string;
  /** The editor's document (`editorState.toJSON()`). */
  content: unknown;
}

export interface ChapterDraft extends ChapterDraftValue {
  updatedAt: number;
}

/** `chapter:<userId>:<bookId>:<chapterId|new>` */
export const chapterDraftKey = (userId: number, bookId: number, chapterId: number | null) => `chapter:${userId}:${bookId}:${chapterId ?? 'new'}`;

export async function readChapterDraft(key: string): Promise<ChapterDraft | null> {
  const row = await db.drafts.get(key);
  if (!row || row.kind !== 'chapter' || !row.value || typeof row.value !== 'object') return null;
  const value = row.value as Partial<ChapterDraftValue>;
  if (typeof value.title !== 'string' || typeof value.order !== 'string') return null;
  return {
    title: value.title,
    order: value.order,
    content: value.content ?? null,
    updatedAt: row.updatedAt,
  };
}

export async function writeChapterDraft(key: string, userId: number, value: ChapterDraftValue): Promise<void> {
  const row: Draft = {
    key,
    userId,
    kind: 'chapter',
    value,
    updatedAt: Date.now(),
  };
  await db.drafts.put(row);
}

export async function deleteChapterDraft(key: string): Promise<void> {
  await db.drafts.delete(key);
}
