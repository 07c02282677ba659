/**
 * Quiz drafts (issue 14): the quiz editor's unsaved form, autosaved in IndexedDB (db.drafts,
 * through lib/drafts) as the author types, one per user and book, so a reload or a crash never
 * loses it. Saving the quiz or deleting it clears it. Questions are stored without their React
 * keys; reading a draft gives them fresh ones.
 */
import { deleteDraft, readDraft, writeDraft } from '../../../lib/drafts';
import { type DraftQuestion, QUESTION_TYPES, type QuizDraft, withNewKeys } from './draft';

export interface StoredQuizDraft {
  draft: QuizDraft;
  updatedAt: number;
}

/** `quiz:<userId>:<bookId>` */
export const quizDraftKey = (userId: number, bookId: number) => `quiz:${userId}:${bookId}`;

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function parseQuestion(raw: unknown): Omit<DraftQuestion, 'key'> | null {
  if (!raw || typeof raw !== 'object') return null;
  const q = raw as Record<string, unknown>;
  if (typeof q.id !== 'string' && typeof q.id !== 'number') return null;
  if (typeof q.type !== 'string' || !(QUESTION_TYPES as readonly string[]).includes(q.type)) return null;
  if (typeof q.question !== 'string' || typeof q.explanation !== 'string' || !isStrings(q.options)) return null;
  if (!Array.isArray(q.correct) || !q.correct.every((i) => Number.isInteger(i))) return null;
  if (
    !Array.isArray(q.pairs) ||
    !q.pairs.every(
      (p: unknown) => p && typeof p === 'object' && typeof (p as { left?: unknown }).left === 'string' && typeof (p as { right?: unknown }).right === 'string',
    )
  )
    return null;
  return {
    id: q.id,
    type: q.type as DraftQuestion['type'],
    question: q.question,
    explanation: q.explanation,
    options: [...q.options],
    correct: [...(q.correct as number[])],
    pairs: (q.pairs as { left: string; right: string }[]).map(({ left, right }) => ({ left, right })),
  };
}

function parseQuizDraft(raw: unknown): QuizDraft | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as { title?: unknown; questions?: unknown };
  if (typeof value.title !== 'string' || !Array.isArray(value.questions)) return null;
  const questions = value.questions.map(parseQuestion);
  if (questions.some((q) => q === null)) return null;
  return { title: value.title, questions: withNewKeys(questions as Omit<DraftQuestion, 'key'>[]) };
}

/** The user's draft of the book's quiz, if this device holds one. */
export async function readQuizDraft(userId: number, bookId: number): Promise<StoredQuizDraft | null> {
  const stored = await readDraft(quizDraftKey(userId, bookId), 'quiz', parseQuizDraft, userId);
  return stored && { draft: stored.value, updatedAt: stored.updatedAt };
}

export async function writeQuizDraft(userId: number, bookId: number, draft: QuizDraft): Promise<void> {
  await writeDraft(quizDraftKey(userId, bookId), userId, 'quiz', { title: draft.title, questions: draft.questions.map(({ key: _key, ...rest }) => rest) });
}

export async function deleteQuizDraft(userId: number, bookId: number): Promise<void> {
  await deleteDraft(quizDraftKey(userId, bookId));
}
