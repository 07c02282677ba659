/**
 * The learner's review deck on this device (issue 36). `reviewCards` holds the server's cards as
 * last fetched plus cards made here from a completed attempt (so 'N due' is right before any sync);
 * a review is written to the card's events and to `reviewOutbox` in ONE transaction, and a fetched
 * list never drops a review it does not hold yet, so the deck never forgets one. A card's schedule is always the contract's
 * foldCard of its created_at and its events (duplicates by client_event_id count once).
 */
import type { CardSchedule, ReviewCard } from '../../../contract/review';
import { foldCard, missedQuestionIds, questionFingerprint, type ReviewRating } from '../../../contract/review-rules';
import type { QuizData, UserAnswer } from '../../../contract/quiz';
import type { AppDB, ReviewCardRow, ReviewOutboxRow } from '../../../lib/db';
import { announceReviewQueued } from '../../../lib/outbox/review-outbox';

/** A card as the review screens use it: the row and its folded schedule. */
export interface DeckCard {
  quiz: number;
  question: string;
  book: number;
  bookTitle: string;
  retired: boolean;
  fingerprint: string;
  state: CardSchedule;
}

export interface CompletedAttempt {
  userId: number;
  bookId: number;
  bookTitle: string;
  quizId: number;
  quizVersion: number;
  questions: QuizData;
  answers: readonly UserAnswer[];
  /** ISO completion time: the card's created_at. */
  completedAt: string;
}

const keyOf = (quizId: number, questionId: string) => `${quizId}:${questionId}`;

/** Makes a card for each question the attempt missed that has none yet (the first miss wins). Answers how many were made. */
export async function addCardsFromAttempt(database: AppDB, attempt: CompletedAttempt): Promise<number> {
  const missed = new Set(missedQuestionIds(attempt.questions, attempt.answers));
  const questions = attempt.questions.filter((q) => missed.has(String(q.id)));
  return database.transaction('rw', database.reviewCards, async () => {
    let made = 0;
    for (const question of questions) {
      const key: [number, number, string] = [attempt.userId, attempt.quizId, String(question.id)];
      if (await database.reviewCards.get(key)) continue;
      await database.reviewCards.add({
        userId: attempt.userId,
        quizId: attempt.quizId,
        questionId: String(question.id),
        bookId: attempt.bookId,
        bookTitle: attempt.bookTitle,
        createdAt: attempt.completedAt,
        missedVersion: attempt.quizVersion,
        fingerprint: questionFingerprint(question),
        retired: false,
        events: [],
        serverState: null,
        localEvents: [],
        local: true,
      });
      made++;
    }
    return made;
  });
}

/**
 * Stores the server's whole list of the user's cards. Local cards the server does not name yet are
 * kept, and so are reviews made here that the list does not hold yet (a list fetched between a
 * review and its send would otherwise lose it once the outbox row is gone).
 */
export async function storeServerCards(database: AppDB, userId: number, cards: readonly ReviewCard[]): Promise<void> {
  await database.transaction('rw', database.reviewCards, async () => {
    const mine = database.reviewCards.where('userId').equals(userId);
    const ownEvents = new Map((await mine.toArray()).map((row) => [keyOf(row.quizId, row.questionId), row.localEvents]));
    const named = new Set(cards.map((c) => keyOf(c.quiz, c.question)));
    await mine.filter((row) => !row.local || named.has(keyOf(row.quizId, row.questionId))).delete();
    await database.reviewCards.bulkPut(
      cards.map((card) => {
        const held = new Set(card.events.map((e) => e.client_event_id));
        const notYetOnServer = (ownEvents.get(keyOf(card.quiz, card.question)) ?? []).filter((e) => !held.has(e.client_event_id));
        return {
          userId,
          quizId: card.quiz,
          questionId: card.question,
          bookId: card.book,
          bookTitle: card.book_title,
          createdAt: card.created_at,
          missedVersion: card.missed_version,
          fingerprint: card.fingerprint,
          retired: card.retired,
          events: card.events,
          serverState: card.state,
          localEvents: notYetOnServer,
          local: false,
        };
      }),
    );
  });
}

/** The user's cards with their schedules: the fold of the card's events and the reviews still waiting to be sent (not those the server refused). */
export async function deckOf(database: AppDB, userId: number): Promise<DeckCard[]> {
  const [rows, pending] = await Promise.all([
    database.reviewCards.where('userId').equals(userId).toArray(),
    database.reviewOutbox.where('userId').equals(userId).toArray(),
  ]);
  const waiting = new Map<string, ReviewOutboxRow[]>();
  for (const row of pending) {
    const key = keyOf(row.quizId, row.questionId);
    waiting.set(key, [...(waiting.get(key) ?? []), row]);
  }
  return rows.map((row) => cardOf(row, waiting.get(keyOf(row.quizId, row.questionId)) ?? []));
}

/**
 * The server's state while it holds every review of the card (folding 50 000 events on each
 * change would take the page hundreds of ms); the contract's fold otherwise.
 */
function cardOf(row: ReviewCardRow, pending: readonly ReviewOutboxRow[]): DeckCard {
  const held = new Set(row.events.map((e) => e.client_event_id));
  // A review the server refused for good never happened, for the schedule too.
  const refused = new Set(pending.filter((p) => p.state === 'rejected').map((p) => p.clientEventId));
  const extra = [...row.localEvents, ...pending.map((p) => ({ client_event_id: p.clientEventId, rating: p.rating, reviewed_at: p.reviewedAt }))].filter(
    (e) => !held.has(e.client_event_id) && !refused.has(e.client_event_id),
  );
  return {
    quiz: row.quizId,
    question: row.questionId,
    book: row.bookId,
    bookTitle: row.bookTitle,
    retired: row.retired,
    fingerprint: row.fingerprint,
    state: row.serverState && extra.length === 0 ? row.serverState : foldCard(row.createdAt, [...row.events, ...extra]),
  };
}

export interface ReviewInput {
  userId: number;
  quizId: number;
  questionId: string;
  rating: ReviewRating;
}

/** Writes one review (the card's events and the outbox, together) and wakes the outbox runner. */
export async function writeReview(database: AppDB, { userId, quizId, questionId, rating }: ReviewInput, now = Date.now()): Promise<ReviewOutboxRow> {
  const row: ReviewOutboxRow = {
    clientEventId: crypto.randomUUID(),
    userId,
    quizId,
    questionId,
    rating,
    reviewedAt: new Date(now).toISOString(),
    createdAt: now,
    state: 'waiting',
    attempts: 0,
    lastError: null,
    lastTriedAt: null,
  };
  await database.transaction('rw', database.reviewCards, database.reviewOutbox, async () => {
    await database.reviewOutbox.add(row);
    await database.reviewCards
      .where('[userId+quizId+questionId]')
      .equals([userId, quizId, questionId])
      .modify((card) => {
        card.localEvents = [...card.localEvents, { client_event_id: row.clientEventId, rating, reviewed_at: row.reviewedAt }];
      });
  });
  announceReviewQueued();
  return row;
}
