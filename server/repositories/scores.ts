import type { Kysely } from 'kysely';
import type { ScoreRecord } from '../../src/contract/scores';
import type { Database, QuizScore } from '../db/schema';
import type { Page } from '../lib/pagination';

export type NewScore = Omit<QuizScore, 'id'>;

export class ScoresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findAttempt(userId: number, clientAttemptId: string): Promise<ScoreRecord | undefined> {
    const row = await this.db
      .selectFrom('quiz_scores')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_attempt_id', '=', clientAttemptId)
      .executeTakeFirst();
    return row && toScoreRecord(row);
  }

  async create(score: NewScore): Promise<ScoreRecord> {
    return toScoreRecord(await this.db.insertInto('quiz_scores').values(score).returningAll().executeTakeFirstOrThrow());
  }

  async listForUser(userId: number, page: Page): Promise<{ count: number; rows: ScoreRecord[] }> {
    const { count } = await this.db
      .selectFrom('quiz_scores')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('quiz_scores')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute();
    return { count: Number(count), rows: rows.map(toScoreRecord) };
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
