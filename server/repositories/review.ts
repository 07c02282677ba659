/**
 * Review cards and their events (migrations/013-review.ts). Cards are written by the scores
 * repository in the transaction of the score that made them (`insertReviewCards`); events by
 * `recordEvents`, whole or not at all.
 */
import type { Kysely } from 'kysely';
import type { ReviewRating } from '../../src/contract/review';
import type { Database, ReviewCardsTable, ReviewEventsTable } from '../db/schema';
import type { Page } from '../lib/pagination';

export type NewReviewCard = ReviewCardsTable;
export type NewReviewEvent = Omit<ReviewEventsTable, 'id'>;

/** A card of a page, with what the deck needs to show and retire it. */
export interface StoredCard extends ReviewCardsTable {
  book_title: string;
  current_version: number;
}

export interface StoredEvent {
  quiz_id: number;
  question_id: string;
  client_event_id: string;
  rating: ReviewRating;
  reviewed_at: string;
}

/** Rows per INSERT: 7 parameters each stays under both databases' limits. */
const CARD_CHUNK = 1000;

/** Adds the cards that do not exist yet (the first miss of a question wins). */
export async function insertReviewCards(db: Kysely<Database>, cards: readonly NewReviewCard[]): Promise<void> {
  for (let i = 0; i < cards.length; i += CARD_CHUNK)
    await db
      .insertInto('review_cards')
      .values(cards.slice(i, i + CARD_CHUNK))
      .onConflict((conflict) => conflict.columns(['user_id', 'quiz_id', 'question_id']).doNothing())
      .execute();
}

export class ReviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's cards, ordered by (quiz, question), optionally of one book; with their count. */
  async cardsPage(userId: number, book: number | undefined, page: Page): Promise<{ count: number; cards: StoredCard[] }> {
    let base = this.db.selectFrom('review_cards as c').where('c.user_id', '=', userId);
    if (book !== undefined) base = base.where('c.book_id', '=', book);
    const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const cards = await base
      .innerJoin('books as b', 'b.id', 'c.book_id')
      .innerJoin('quizzes as q', 'q.id', 'c.quiz_id')
      .selectAll('c')
      .select(['b.title as book_title', 'q.current_version'])
      .orderBy('c.quiz_id')
      .orderBy('c.question_id')
      .limit(page.size)
      .offset(page.offset)
      .execute();
    return { count: Number(counted?.n ?? 0), cards };
  }

  /** The quiz_data (JSON text) of each quiz's version given, keyed `quiz:version`. */
  async quizVersions(pairs: readonly { quiz_id: number; version: number }[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!pairs.length) return found;
    const rows = await this.db
      .selectFrom('quiz_versions')
      .select(['quiz_id', 'version', 'quiz_data'])
      .where((eb) => eb.or(pairs.map((p) => eb.and([eb('quiz_id', '=', p.quiz_id), eb('version', '=', p.version)]))))
      .execute();
    for (const row of rows) found.set(`${row.quiz_id}:${row.version}`, row.quiz_data);
    return found;
  }

  /** The events of the user's cards on the given quizzes, in no order (the fold orders them). */
  eventsOf(userId: number, quizIds: readonly number[]): Promise<StoredEvent[]> {
    if (!quizIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('review_events')
      .select(['quiz_id', 'question_id', 'client_event_id', 'rating as rating', 'reviewed_at'])
      .where('user_id', '=', userId)
      .where('quiz_id', 'in', quizIds)
      .$castTo<StoredEvent>()
      .execute();
  }

  /** Of `ids`, those the user has stored already. */
  async storedEventIds(userId: number, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('review_events')
      .select('client_event_id')
      .where('user_id', '=', userId)
      .where('client_event_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.client_event_id));
  }

  /** The user's cards on the given quizzes, as `quiz:question` keys. */
  async cardKeys(userId: number, quizIds: readonly number[]): Promise<Set<string>> {
    if (!quizIds.length) return new Set();
    const rows = await this.db
      .selectFrom('review_cards')
      .select(['quiz_id', 'question_id'])
      .where('user_id', '=', userId)
      .where('quiz_id', 'in', quizIds)
      .execute();
    return new Set(rows.map((r) => `${r.quiz_id}:${r.question_id}`));
  }

  /** Stores the events in one statement (all or none); one already stored (a racing replay) is skipped. */
  async recordEvents(events: readonly NewReviewEvent[]): Promise<void> {
    if (!events.length) return;
    await this.db
      .insertInto('review_events')
      .values([...events])
      .onConflict((conflict) => conflict.columns(['user_id', 'client_event_id']).doNothing())
      .execute();
  }
}
