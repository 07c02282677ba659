import type { Kysely } from 'kysely';
import type { ScoreRecord } from '../../src/contract/scores';
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

  constructor(private readonly db: Kysely<Database>) {}

  async findAttempt(userId: number, clientAttemptId: string): Promise<ScoreRecord | undefined> {
    const row = await this.attemptQuery.executeTakeFirst(this.db, userId, clientAttemptId);
    return row && toScoreRecord(row);
  }

  async create(score: NewScore): Promise<ScoreRecord> {
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
