import type { Kysely } from 'kysely';
import type { Database, QuizScore } from '../db/schema';
import type { Page } from './pagination';

export type NewScore = Omit<QuizScore, 'id'>;

export class ScoresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findAttempt(userId: number, clientAttemptId: string) {
    return this.db
      .selectFrom('quiz_scores')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_attempt_id', '=', clientAttemptId)
      .executeTakeFirst();
  }

  create(score: NewScore) {
    return this.db.insertInto('quiz_scores').values(score).returningAll().executeTakeFirstOrThrow();
  }

  async listForUser(userId: number, page: Page): Promise<{ count: number; rows: QuizScore[] }> {
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
    return { count: Number(count), rows };
  }
}

/** SPEC §3 quiz score record, plus the attempt fields an offline client needs to reconcile. */
export function serializeScore(row: QuizScore) {
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
