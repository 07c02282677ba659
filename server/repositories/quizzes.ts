import type { Kysely } from 'kysely';
import { quizDataSchema, type QuizData } from '../../src/contract/quiz';
import type { Database } from '../db/schema';
import { nowIso } from '../lib/time';
import { VersionedCache } from './versioned-cache';
import { PreparedQuery } from './prepared';
import { inTransaction } from './transaction';

export interface QuizView {
  id: number;
  book_id: number;
  title: string;
  version: number;
  quiz_data: string;
}

export interface QuizForGrading {
  quiz: QuizView;
  /** The version the attempt was taken on, or null when the quiz has no such version. */
  version: { version: number; created_at: string; questions: Readonly<QuizData> } | null;
}

export class QuizzesRepository {
  private readonly byBookQuery = new PreparedQuery(1, (bookId: number) => this.current().where('q.book_id', '=', bookId));
  private readonly byIdQuery = new PreparedQuery(1, (quizId: number) => this.current().where('q.id', '=', quizId));
  private readonly versionQuery = new PreparedQuery(2, (quizId: number, version: number) =>
    this.db.selectFrom('quiz_versions').selectAll().where('quiz_id', '=', quizId).where('version', '=', version),
  );

  /** Quiz versions ready for grading, by quiz id and version asked for (`current`); undefined when there is none. */
  private readonly gradings = new VersionedCache<string, QuizForGrading | undefined>(1024);

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The quiz with the version an attempt was taken on (its current one when `version` is
   * undefined), its questions parsed: what grading needs, as of content `version` (kept until
   * the content changes, see versioned-cache.ts). Undefined when there is no such quiz;
   * `questions` null when the quiz has no such version.
   */
  forGrading(quizId: number, version: number | undefined, contentVersion: number | null): Promise<QuizForGrading | undefined> {
    return this.gradings.get(`${quizId}:${version ?? 'current'}`, contentVersion, async () => {
      const quiz = await this.findById(quizId);
      if (!quiz) return undefined;
      const taken = await this.findVersion(quiz.id, version ?? quiz.version);
      if (!taken) return { quiz, version: null };
      return {
        quiz,
        version: { version: taken.version, created_at: taken.created_at, questions: Object.freeze(quizDataSchema.parse(JSON.parse(taken.quiz_data))) },
      };
    });
  }

  private current(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('quizzes as q')
      .innerJoin('quiz_versions as v', (join) => join.onRef('v.quiz_id', '=', 'q.id').onRef('v.version', '=', 'q.current_version'))
      .select(['q.id', 'q.book_id', 'q.title', 'q.current_version as version', 'v.quiz_data']);
  }

  findByBook(bookId: number): Promise<QuizView | undefined> {
    return this.byBookQuery.executeTakeFirst(this.db, bookId);
  }

  findById(quizId: number): Promise<QuizView | undefined> {
    return this.byIdQuery.executeTakeFirst(this.db, quizId);
  }

  findVersion(quizId: number, version: number) {
    return this.versionQuery.executeTakeFirst(this.db, quizId, version);
  }

  /** Stores quiz data as a new version (old versions are kept for grading past attempts). */
  async saveNewVersion(bookId: number, title: string, data: QuizData, userId: number | null): Promise<{ quiz: QuizView; created: boolean }> {
    return inTransaction(this.db, async (trx) => {
      const now = nowIso();
      const existing = await trx.selectFrom('quizzes').selectAll().where('book_id', '=', bookId).executeTakeFirst();
      const quizId =
        existing?.id ??
        (
          await trx
            .insertInto('quizzes')
            .values({ book_id: bookId, title, current_version: 0, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const last = await trx
        .selectFrom('quiz_versions')
        .select((eb) => eb.fn.max('version').as('max'))
        .where('quiz_id', '=', quizId)
        .executeTakeFirst();
      const version = Number(last?.max ?? 0) + 1;
      await trx
        .insertInto('quiz_versions')
        .values({ quiz_id: quizId, version, quiz_data: JSON.stringify(data), created_by: userId, created_at: now })
        .execute();
      await trx.updateTable('quizzes').set({ title, current_version: version, updated_at: now }).where('id', '=', quizId).execute();
      const quiz = await this.current(trx).where('q.id', '=', quizId).executeTakeFirstOrThrow();
      return { quiz, created: !existing };
    });
  }

  async deleteByBook(bookId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('quizzes').where('book_id', '=', bookId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
