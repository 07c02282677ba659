/**
 * A database of its own migrated up to a given migration, for the tests of a later migration
 * that must meet data already stored: a SQLite file in a temporary folder, or — with
 * TEST_DATABASE_URL — a PostgreSQL schema of its own. `close()` removes it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../../server/db/database';
import { migrationsFor } from '../../server/db/migrate';

export async function databaseMigratedTo(migration: string): Promise<{ db: Db; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lap-migration-'));
  const schema = process.env.TEST_DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const admin = schema ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL }) : undefined;
  if (admin) {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  }
  const db = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL || undefined, sqliteFile: path.join(dataDir, 'db.sqlite3'), pgSchema: schema });
  const close = async () => {
    await db.close();
    if (admin) {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsFor(db) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateTo(migration);
  if (error) {
    await close();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return { db, close };
}

/** A learner, a book and its quiz (version 1 holding `quizData`) written straight into the tables, as an earlier version stored them. */
export async function insertLearnerAndQuiz(db: Db, createdAt: string, quizData: unknown = []) {
  const user = await db.kysely
    .insertInto('users')
    .values({
      email: 'old@x.example',
      password_hash: 'x',
      full_name: 'Old',
      bio: '',
      phone_number: '',
      is_superuser: 0,
      is_staff: 0,
      is_active: 1,
      date_joined: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const book = await db.kysely
    .insertInto('books')
    .values({ title: 'Old book', author: '', description: '', cover_image_url: '', owner_id: null, created_at: createdAt, updated_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const quiz = await db.kysely
    .insertInto('quizzes')
    .values({ book_id: book.id, title: 'Old quiz', current_version: 1, created_at: createdAt, updated_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('quiz_versions')
    .values({ quiz_id: quiz.id, version: 1, quiz_data: JSON.stringify(quizData), created_by: null, created_at: createdAt })
    .execute();
  return { user, book, quiz };
}
