import type { Kysely } from 'kysely';
import type { ScoreRecord } from '../../src/contract/scores';
import type { Dialect } from '../db/database';
import type { Database, QuizScore } from '../db/schema';
import type { Page } from '../lib/pagination';
import { PreparedQuery } from './prepared';

export type NewScore = Omit<QuizScore, 'id'>;

export class ScoresRepository {
  private readonly attemptQuery = new PreparedQuery(2, (userId: number, clientAttemptId: string) =>
    this.db.selectFrom('quiz_scores').selectAll().where('user_id', '=', userId).where('client_attempt_id', '=', clientAttemptId),
  );
  private readonly countQuery = new PreparedQuery(1, (userId: number) =>
    this.db.selectFrom('quiz_scores').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId),
  );
  /** Newest first, from the (user_id, submitted_at, id) index: no sort, however many records there are. */
  private readonly pageQuery = new PreparedQuery(3, (userId: number, limit: number, offset: number) =>
    this.db
      .selectFrom('quiz_scores')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset),
  );

  private readonly writer?: GroupCommit;

  constructor(
    private readonly db: Kysely<Database>,
    dialect?: Dialect,
  ) {
    if (dialect === 'sqlite' && !db.isTransaction) this.writer = new GroupCommit(db);
  }

  async findAttempt(userId: number, clientAttemptId: string): Promise<ScoreRecord | undefined> {
    const row = await this.attemptQuery.executeTakeFirst(this.db, userId, clientAttemptId);
    return row && toScoreRecord(row);
  }

  /** Records a score; answers once the row is committed (durably: synchronous=FULL on SQLite). */
  async create(score: NewScore): Promise<ScoreRecord> {
    if (this.writer) return toScoreRecord(await this.writer.insert(score));
    return toScoreRecord(await this.db.insertInto('quiz_scores').values(score).returningAll().executeTakeFirstOrThrow());
  }

  async listForUser(userId: number, page: Page): Promise<{ count: number; rows: ScoreRecord[] }> {
    const [counted, rows] = await Promise.all([this.countQuery.executeTakeFirst(this.db, userId), this.pageQuery.execute(this.db, userId, page.size, page.offset)]);
    return { count: Number(counted?.count ?? 0), rows: rows.map(toScoreRecord) };
  }
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

/**
 * Group commit for SQLite score writes. Each commit waits for the disk (synchronous=FULL), and
 * better-sqlite3 waits synchronously, holding up every other request meanwhile: under a
 * burst of submissions (a whole class finishing a quiz) that wait, once per score, was the
 * limit. The scores submitted during one turn of the event loop are written in one
 * transaction instead, and each caller is answered after that commit, as before. In SQLite a
 * failing INSERT (a replayed attempt's unique key) undoes only itself, not the transaction:
 * its caller gets its own error and the others are committed. PostgreSQL commits concurrent
 * transactions together by itself; it writes one at a time.
 */
class GroupCommit {
  private queue: { score: NewScore; resolve: (row: QuizScore) => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly db: Kysely<Database>) {}

  insert(score: NewScore): Promise<QuizScore> {
    return new Promise((resolve, reject) => {
      this.queue.push({ score, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush() {
    const batch = this.queue;
    this.queue = [];
    const outcomes: ({ row: QuizScore } | { error: unknown })[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const { score } of batch) {
          try {
            outcomes.push({ row: await trx.insertInto('quiz_scores').values(score).returningAll().executeTakeFirstOrThrow() });
          } catch (error) {
            // A constraint (a replayed attempt) fails that statement only; anything else (disk
            // full, I/O) may have ended the transaction: the whole batch fails, unwritten.
            if (!String((error as { code?: unknown } | null)?.code ?? '').startsWith('SQLITE_CONSTRAINT')) throw error;
            outcomes.push({ error });
          }
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
