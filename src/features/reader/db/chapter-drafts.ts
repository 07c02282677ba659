/**
 * Chapter drafts: the chapter dialog's unsaved work, autosaved in IndexedDB (db.drafts) as the
 * author types, so closing the dialog, a reload or a crash never loses it. One draft per user,
 * book and chapter (`new` for a chapter not yet created); saving the chapter clears it.
 * The rows are read and written by the shared module lib/drafts.
 */
import { deleteDraft, readDraft, writeDraft } from '../../../lib/drafts';

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

function parseChapterDraft(raw: unknown): ChapterDraftValue | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Partial<ChapterDraftValue>;
  if (typeof value.title !== 'string' || typeof value.order !== 'string') return null;
  return { title: value.title, order: value.order, content: value.content ?? null };
}

export async function readChapterDraft(key: string): Promise<ChapterDraft | null> {
  const draft = await readDraft(key, 'chapter', parseChapterDraft);
  return draft && { ...draft.value, updatedAt: draft.updatedAt };
}

export async function writeChapterDraft(key: string, userId: number, value: ChapterDraftValue): Promise<void> {
  await writeDraft(key, userId, 'chapter', value);
}

export async function deleteChapterDraft(key: string): Promise<void> {
  await deleteDraft(key);
}
