import { sql, type Kysely } from 'kysely';
import type { ScoreRecord } from '../../src/contract/scores';
import type { Dialect } from '../db/database';
import type { Database, QuizScore } from '../db/schema';
import type { Page } from '../lib/pagination';
import { DEEP_PAGE_OFFSET } from './books';
import { PreparedQuery } from './prepared';
import { insertReviewCards, type NewReviewCard } from './review';

export type NewScore = Omit<QuizScore, 'id'>;

export class ScoresRepository {
  private readonly attemptQuery = new PreparedQuery(2, (userId: number, clientAttemptId: string) =>
    this.db.selectFrom('quiz_scores').selectAll().where('user_id', '=', userId).where('client_attempt_id', '=', clientAttemptId),
  );
  /** The user's number of records, kept exact by triggers (migrations/005-score-counts.ts): a key lookup. */
  private readonly countQuery = new PreparedQuery(1, (userId: number) => this.db.selectFrom('user_score_counts').select('count').where('user_id', '=', userId));
  /**
   * Newest first, from the (user_id, submitted_at, id) index: no sort, however many records
   * there are. The page's ids are read from the index alone (an offset walks index entries,
   * not records) and only those records are then read; each row carries the user's count, so
   * a page is one query.
   */
  private readonly newestPage = new PreparedQuery(3, (userId: number, limit: number, offset: number) => this.page(userId, limit, offset, 'desc'));
  /** The same page counted from the oldest end, for pages nearer the end of the list. */
  private readonly oldestPage = new PreparedQuery(3, (userId: number, limit: number, offset: number) => this.page(userId, limit, offset, 'asc'));

  private readonly writer?: ScoreGroupCommit;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
  ) {
    if (!db.isTransaction) this.writer = dialect === 'sqlite' ? new SqliteGroupCommit(db) : new PostgresGroupCommit(db);
  }

  private page(userId: number, limit: number, offset: number, direction: 'asc' | 'desc') {
    return this.db
      .selectFrom(
        this.db
          .selectFrom('quiz_scores')
          .select(['id', 'submitted_at'])
          .where('user_id', '=', userId)
          .orderBy('submitted_at', direction)
          .orderBy('id', direction)
          .limit(limit)
          .offset(offset)
          .as('p'),
      )
      .innerJoin('quiz_scores as s', 's.id', 'p.id')
      .selectAll('s')
      .select((eb) => eb.selectFrom('user_score_counts as c').select('c.count').where('c.user_id', '=', userId).as('total'))
      .orderBy(sql.ref('p.submitted_at'), direction)
      .orderBy(sql.ref('p.id'), direction);
  }

  async findAttempt(userId: number, clientAttemptId: string): Promise<ScoreRecord | undefined> {
    const row = await this.attemptQuery.executeTakeFirst(this.db, userId, clientAttemptId);
    return row && toScoreRecord(row);
  }

  /**
   * Records a score and, in the same transaction, the review cards of the questions it missed
   * (those not made before); answers once committed (durably: synchronous=FULL on SQLite,
   * PostgreSQL's commit flush). A replay refused by the unique key adds no card.
   */
  async create(score: NewScore, cards: readonly NewReviewCard[] = []): Promise<ScoreRecord> {
    if (this.writer) return toScoreRecord(await this.writer.insert(score, cards));
    const row = await this.db.insertInto('quiz_scores').values(score).returningAll().executeTakeFirstOrThrow();
    await insertReviewCards(this.db, cards);
    return toScoreRecord(row);
  }

  async listForUser(userId: number, page: Page): Promise<{ count: number; rows: ScoreRecord[] }> {
    if (page.offset < DEEP_PAGE_OFFSET) {
      const rows = await this.newestPage.execute(this.db, userId, page.size, page.offset);
      // No rows: none at all from the start, or a page past the end, which is counted on its own.
      const count = rows.length ? rows[0]!.total : page.offset === 0 ? 0 : (await this.countQuery.executeTakeFirst(this.db, userId))?.count;
      return { count: Number(count ?? 0), rows: rows.map(toScoreRecord) };
    }
    // A deep page: an offset walks the index that far, so a page past the middle is read from
    // the oldest end instead (the last page costs what the first does).
    const count = Number((await this.countQuery.executeTakeFirst(this.db, userId))?.count ?? 0);
    const size = Math.max(0, Math.min(page.size, count - page.offset));
    const fromEnd = count - page.offset - size;
    const rows =
      size === 0
        ? []
        : fromEnd < page.offset
          ? (await this.oldestPage.execute(this.db, userId, size, fromEnd)).reverse()
          : await this.newestPage.execute(this.db, userId, page.size, page.offset);
    return { count, rows: rows.map(toScoreRecord) };
  }

  /** Per version of a quiz with attempts, newest version first: its attempts, and how many of them carry their answers. */
  async versionCounts(quizId: number): Promise<{ version: number; attempts: number; with_answers: number }[]> {
    const rows = await this.db
      .selectFrom('quiz_scores')
      .select((eb) => ['quiz_version', eb.fn.countAll<number>().as('attempts'), eb.fn.count<number>('answers').as('with_answers')])
      .where('quiz_id', '=', quizId)
      .where('quiz_version', 'is not', null)
      .groupBy('quiz_version')
      .orderBy('quiz_version', 'desc')
      .execute();
    return rows.map((r) => ({ version: r.quiz_version!, attempts: Number(r.attempts), with_answers: Number(r.with_answers) }));
  }

  /**
   * The attempt with answers at `offset` in the order of their score (then id), from the lowest
   * (`asc`) or from the highest (`desc`): the boundary of a discrimination group.
   */
  async rankedAttempt(quizId: number, version: number, offset: number, direction: 'asc' | 'desc'): Promise<RankedAttempt | undefined> {
    return (
      this.db
        .selectFrom('quiz_scores')
        .select(['id', 'correct_answers', 'total_questions'])
        .where('quiz_id', '=', quizId)
        .where('quiz_version', '=', version)
        .where('answers', 'is not', null)
        // Equal fractions divide to the same double and unequal ones (totals ≤ 1000) never do, so
        // this is the order of the scores themselves, on both databases.
        .orderBy(sql`cast(correct_answers as double precision) / total_questions`, direction)
        .orderBy('id', direction)
        .limit(1)
        .offset(offset)
        .executeTakeFirst()
    );
  }

  /**
   * The attempts of a quiz version that carry their answers, oldest first, read `pageSize` at a
   * time (by id, from the quiz_id index), so a version's 100 000 attempts never sit in memory at once.
   */
  async *attemptsWithAnswers(quizId: number, version: number, pageSize = 1000): AsyncGenerator<RankedAttempt & { answers: string }> {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('quiz_scores')
        .select(['id', 'correct_answers', 'total_questions', 'answers'])
        .where('quiz_id', '=', quizId)
        .where('quiz_version', '=', version)
        .where('answers', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(pageSize)
        .execute();
      for (const row of rows) yield { ...row, answers: row.answers! };
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1]!.id;
    }
  }
}

/** An attempt's place in the ranking by score: its id and score. */
export interface RankedAttempt {
  id: number;
  correct_answers: number;
  total_questions: number;
}

/** SPEC §3 quiz score record, plus the attempt fields an offline client needs to reconcile. */
function toScoreRecord(row: QuizScore): ScoreRecord {
  return {
    id: row.id,
    quiz: row.quiz_id,
    quiz_title: row.quiz_title,
    quiz_version: row.quiz_version,
    correct_answers: row.correct_answers,
    total_questions: row.total_questions,
    score_percentage: Math.round((row.correct_answers / row.total_questions) * 10000) / 100,
    submitted_at: row.submitted_at,
    received_at: row.received_at,
    client_attempt_id: row.client_attempt_id,
  };
}

/** A score waiting for its batch's commit, and its caller's answer. */
interface PendingScore {
  score: NewScore;
  cards: readonly NewReviewCard[];
  resolve: (row: QuizScore) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of score writes: the scores submitted during one turn of the event loop are
 * written together (`write`, one per database) and each caller is answered after that commit,
 * with its own row or its own error. A burst larger than `maxRows` goes in several batches.
 */
abstract class ScoreGroupCommit {
  private queue: PendingScore[] = [];

  constructor(
    protected readonly db: Kysely<Database>,
    private readonly maxRows = Number.POSITIVE_INFINITY,
  ) {}

  insert(score: NewScore, cards: readonly NewReviewCard[]): Promise<QuizScore> {
    return new Promise((resolve, reject) => {
      this.queue.push({ score, cards, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush() {
    const batch = this.queue.splice(0, this.maxRows);
    // The rest of a larger burst goes in the next batch, beside this one.
    if (this.queue.length) setImmediate(() => this.flush());
    void this.write(batch);
  }

  /** Writes the batch and settles every caller's promise; never rejects. */
  protected abstract write(batch: PendingScore[]): Promise<void>;
}

/**
 * Group commit for SQLite score writes. Each commit waits for the disk (synchronous=FULL), and
 * better-sqlite3 waits synchronously, holding up every other request meanwhile: under a
 * burst of submissions (a whole class finishing a quiz) that wait, once per score, was the
 * limit. A batch is written in one transaction instead. In SQLite a failing INSERT (a replayed
 * attempt's unique key) undoes only itself, not the transaction: its caller gets its own error
 * and the others are committed.
 */
class SqliteGroupCommit extends ScoreGroupCommit {
  protected async write(batch: PendingScore[]) {
    const outcomes: ({ row: QuizScore } | { error: unknown })[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const { score, cards } of batch) {
          let row: QuizScore;
          try {
            row = await trx.insertInto('quiz_scores').values(score).returningAll().executeTakeFirstOrThrow();
          } catch (error) {
            // A constraint (a replayed attempt) fails that statement only; anything else (disk
            // full, I/O) may have ended the transaction: the whole batch fails, unwritten.
            if (!String((error as { code?: unknown } | null)?.code ?? '').startsWith('SQLITE_CONSTRAINT')) throw error;
            outcomes.push({ error });
            continue;
          }
          // A failure here fails the whole batch: a score is never committed without its cards.
          await insertReviewCards(trx, cards);
          outcomes.push({ row });
        }
      });
    } catch (error) {
      // The commit itself failed: nothing of the batch was written.
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if ('row' in outcome) resolve(outcome.row);
      else reject(outcome.error);
    });
  }
}

/** The unique key of an attempt, (user, client_attempt_id), as a map key. */
const attemptKey = (userId: number, clientAttemptId: string) => `${userId}:${clientAttemptId}`;

/** What makes two new records the same but for their ids (records without a client_attempt_id). */
const contentKey = (score: NewScore | QuizScore) =>
  JSON.stringify([
    score.user_id,
    score.quiz_id,
    score.quiz_version,
    score.correct_answers,
    score.total_questions,
    score.answers,
    score.submitted_at,
    score.received_at,
    score.client_completed_at,
  ]);

/** The error a replay's insert gets when its attempt is already stored: PostgreSQL's unique violation. */
function attemptAlreadyStored(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "quiz_scores_user_attempt_unique"'), { code: '23505' });
}

/**
 * Group commit for PostgreSQL score writes. One score, one INSERT and one commit each, took a
 * pooled connection for two round trips and the commit's flush, and under a burst (a whole class
 * finishing a quiz) the pool's connections were the queue. The scores submitted during one turn
 * of the event loop are written by one INSERT of all their rows instead, committed once, and
 * each caller is answered after that commit with its own row. A replayed attempt (its
 * (user, client_attempt_id) already stored, or twice in the batch) inserts nothing there (ON
 * CONFLICT DO NOTHING) and its caller gets the unique violation it would have got alone, which
 * recordAttempt answers with the stored record. Any other failure of the statement (a quiz
 * deleted meanwhile, its foreign key) rolls back the whole INSERT: each score of that batch is
 * then written on its own, so only the failing one fails.
 */
class PostgresGroupCommit extends ScoreGroupCommit {
  constructor(db: Kysely<Database>) {
    // Rows per INSERT at most: 11 parameters each, and a statement takes 65 535 at most.
    super(db, 1000);
  }

  /** One score and its cards in one transaction (none needed without cards: one statement). */
  private async insertOne(score: NewScore, cards: readonly NewReviewCard[]): Promise<QuizScore> {
    const insert = (db: Kysely<Database>) => db.insertInto('quiz_scores').values(score).returningAll().executeTakeFirstOrThrow();
    if (!cards.length) return insert(this.db);
    return this.db.transaction().execute(async (trx) => {
      const row = await insert(trx);
      await insertReviewCards(trx, cards);
      return row;
    });
  }

  protected async write(batch: PendingScore[]) {
    if (batch.length === 1) {
      const { score, cards, resolve, reject } = batch[0]!;
      await this.insertOne(score, cards).then(resolve, reject);
      return;
    }
    let outcomes: ({ row: QuizScore } | { error: Error })[];
    try {
      outcomes = await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .insertInto('quiz_scores')
          .values(batch.map(({ score }) => score))
          .onConflict((conflict) => conflict.columns(['user_id', 'client_attempt_id']).doNothing())
          .returningAll()
          .execute();
        const settled = this.match(batch, rows);
        // The cards of the scores written, in the same transaction.
        await insertReviewCards(
          trx,
          batch.flatMap(({ cards }, i) => ('row' in settled[i]! ? cards : [])),
        );
        return settled;
      });
    } catch {
      // Rolled back whole: each score on its own, its caller getting its own answer or error.
      for (const { score, cards, resolve, reject } of batch) await this.insertOne(score, cards).then(resolve, reject);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if ('row' in outcome) resolve(outcome.row);
      else reject(outcome.error);
    });
  }

  /** Each caller's row, found by what identifies it (RETURNING's order is not a promise). */
  private match(batch: PendingScore[], rows: QuizScore[]): ({ row: QuizScore } | { error: Error })[] {
    const byAttempt = new Map<string, QuizScore>();
    const byContent = new Map<string, QuizScore[]>();
    for (const row of rows) {
      if (row.client_attempt_id !== null) byAttempt.set(attemptKey(row.user_id, row.client_attempt_id), row);
      else byContent.set(contentKey(row), [...(byContent.get(contentKey(row)) ?? []), row]);
    }
    return batch.map(({ score }) => {
      if (score.client_attempt_id === null) {
        const row = byContent.get(contentKey(score))?.shift();
        return row ? { row } : { error: new Error('A score written in a batch was not returned by its INSERT.') };
      }
      const key = attemptKey(score.user_id, score.client_attempt_id);
      const row = byAttempt.get(key);
      // The first caller of a key gets the row; a replay of it in the same batch, or of one stored before, the violation.
      byAttempt.delete(key);
      return row ? { row } : { error: attemptAlreadyStored() };
    });
  }
}
