import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { parseQuizData, userAnswerSchema, type QuizData } from '../../../src/contract/quiz';
import { missedQuestionIds, questionFingerprint } from '../../../src/contract/review';
import type { Dialect } from '../database';

/**
 * Spaced review (issue 36).
 * - `review_cards`: one per user, quiz and question id the user missed (answered wrong, skipped or
 *   left unanswered) in a completed attempt; the first miss wins: its completion time, its quiz
 *   version and the question's fingerprint there (src/contract/review.ts), which retires the card
 *   once the quiz's current version changes or drops the question. Written in the same
 *   transaction as the score that made it; goes with its user, quiz or book.
 * - `review_events`: the reviews, each stored once per (user, client_event_id); an event belongs
 *   to one of the user's cards (a composite foreign key) and goes with it.
 * The cards of the scores already stored (those with their answers) are made here.
 */
export function review(dialect: Dialect) {
  return {
    up: (db: Kysely<unknown>) => (db.isTransaction ? create(db, dialect) : db.transaction().execute((trx) => create(trx, dialect))),
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('review_events').execute();
      await db.schema.dropTable('review_cards').execute();
    },
  };
}

async function create(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('review_cards')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('question_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('missed_version', 'integer', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_cards_pk', ['user_id', 'quiz_id', 'question_id'])
    .execute();
  // A book's cards in the deck's order (quiz, question), without a sort.
  await db.schema.createIndex('review_cards_user_book_idx').on('review_cards').columns(['user_id', 'book_id', 'quiz_id', 'question_id']).execute();
  // The cascades from a quiz or a book follow these.
  await db.schema.createIndex('review_cards_quiz_idx').on('review_cards').column('quiz_id').execute();
  await db.schema.createIndex('review_cards_book_idx').on('review_cards').column('book_id').execute();

  const events = db.schema.createTable('review_events');
  await (
    dialect === 'postgres' ? events.addColumn('id', 'serial', (c) => c.primaryKey()) : events.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('client_event_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('quiz_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('rating', 'varchar(8)', (c) => c.notNull())
    .addColumn('reviewed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('review_events_user_event_unique', ['user_id', 'client_event_id'])
    .addForeignKeyConstraint('review_events_card_fk', ['user_id', 'quiz_id', 'question_id'], 'review_cards', ['user_id', 'quiz_id', 'question_id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('review_events_card_idx').on('review_events').columns(['user_id', 'quiz_id', 'question_id']).execute();

  await backfill(db);
}

const answersSchema = z.array(userAnswerSchema);

interface StoredScore {
  id: number;
  user_id: number;
  quiz_id: number;
  quiz_version: number;
  answers: string;
  submitted_at: string;
  book_id: number;
}

const BACKFILL_PAGE = 500;

/** Scores with their answers after `after` in (submitted_at, id) order, with their quiz's book. */
async function scoresAfter(db: Kysely<unknown>, after: StoredScore | null): Promise<StoredScore[]> {
  const { rows } = await sql<StoredScore>`
    select s.id, s.user_id, s.quiz_id, s.quiz_version, s.answers, s.submitted_at, q.book_id
    from quiz_scores s
    inner join quizzes q on q.id = s.quiz_id
    where s.answers is not null and s.quiz_version is not null
      ${after ? sql`and (s.submitted_at > ${after.submitted_at} or (s.submitted_at = ${after.submitted_at} and s.id > ${after.id}))` : sql``}
    order by s.submitted_at, s.id
    limit ${BACKFILL_PAGE}`.execute(db);
  return rows;
}

/** The questions of a quiz version, or null when it is missing or not a valid quiz. */
async function questionsOf(db: Kysely<unknown>, quizId: number, version: number): Promise<QuizData | null> {
  const { rows } = await sql<{ quiz_data: string }>`select quiz_data from quiz_versions where quiz_id = ${quizId} and version = ${version}`.execute(db);
  return rows[0] ? parseQuizData(rows[0].quiz_data) : null;
}

/** The cards of the scores stored before this migration, oldest attempt first (the first miss wins). */
async function backfill(db: Kysely<unknown>) {
  const versions = new Map<string, QuizData | null>();
  let after: StoredScore | null = null;
  for (;;) {
    const rows = await scoresAfter(db, after);
    // One card per key, the first miss of this page kept (the insert keeps one made earlier).
    const cards = new Map<string, unknown[]>();
    for (const row of rows) {
      const key = `${row.quiz_id}:${row.quiz_version}`;
      if (!versions.has(key)) versions.set(key, await questionsOf(db, row.quiz_id, row.quiz_version));
      const questions = versions.get(key);
      const answers = answersSchema.safeParse(safeJson(row.answers));
      if (!questions || !answers.success) continue;
      const byId = new Map(questions.map((q) => [String(q.id), q]));
      for (const questionId of missedQuestionIds(questions, answers.data)) {
        const card = `${row.user_id}:${row.quiz_id}:${questionId}`;
        if (!cards.has(card))
          cards.set(card, [row.user_id, row.quiz_id, questionId, row.book_id, row.submitted_at, row.quiz_version, questionFingerprint(byId.get(questionId)!)]);
      }
    }
    const values = [...cards.values()];
    for (let i = 0; i < values.length; i += BACKFILL_PAGE)
      await sql`
        insert into review_cards (user_id, quiz_id, question_id, book_id, created_at, missed_version, fingerprint)
        values ${sql.join(values.slice(i, i + BACKFILL_PAGE).map((v) => sql`(${sql.join(v)})`))}
        on conflict (user_id, quiz_id, question_id) do nothing`.execute(db);
    if (rows.length < BACKFILL_PAGE) return;
    after = rows[rows.length - 1]!;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
