/**
 * Where a review card's question comes from: the downloaded copy of its book when the device holds
 * one (offline works), else the book's current quiz from the server. A card whose question the
 * current quiz no longer has, or has changed (another fingerprint), is retired.
 */
import { getBook } from '../../../api/get-book';
import { quizQuestions } from '../../../contract/book-detail';
import type { Question, QuizData } from '../../../contract/quiz';
import { questionFingerprint } from '../../../contract/review';
import type { AppDB } from '../../../lib/db';
import type { DeckCard } from './deck';

/** The current questions of a book's quiz: null when the book has no quiz, undefined when it cannot be read now. */
export type BookQuestions = { quizId: number; questions: QuizData } | null | undefined;

/** A card of the session with its question, or why it is left out. */
export type ResolvedCard = { card: DeckCard; question: Question } | { card: DeckCard; skipped: 'not-on-device' | 'retired' };

async function questionsOfBook(database: AppDB, userId: number, bookId: number, online: boolean): Promise<BookQuestions> {
  const copy = await database.completeCopy(userId, bookId);
  if (copy) return copy.book.quiz ? { quizId: copy.book.quiz.id, questions: copy.book.quiz.questions ?? [] } : null;
  if (!online) return undefined;
  try {
    const book = await getBook(bookId);
    return book.quiz ? { quizId: book.quiz.id, questions: quizQuestions(book.quiz) ?? [] } : null;
  } catch {
    return undefined;
  }
}

/** Finds each card's question (one read per book). */
export async function resolveCards(database: AppDB, userId: number, cards: readonly DeckCard[], online: boolean): Promise<ResolvedCard[]> {
  const books = new Map<number, BookQuestions>();
  for (const bookId of new Set(cards.map((c) => c.book))) books.set(bookId, await questionsOfBook(database, userId, bookId, online));
  return cards.map((card): ResolvedCard => {
    const source = books.get(card.book);
    if (source === undefined) return { card, skipped: 'not-on-device' };
    const question = source?.quizId === card.quiz ? source.questions.find((q) => String(q.id) === card.question) : undefined;
    if (!question || questionFingerprint(question) !== card.fingerprint) return { card, skipped: 'retired' };
    return { card, question };
  });
}
