import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Reading progress, assignments and the progress view (issue 35).
 * - `chapter_reads`: the first time each user read each chapter (one row per user and chapter);
 *   it goes with its user, chapter or book (cascades).
 * - `learner_sync`: when the server last received a score or a reading batch from the user.
 * - `assignments` and `assignment_members`: a book assigned to some or all members of an
 *   organization; they go with the organization or the book.
 * - `book_progress`: per user and book, the chapters read, the attempts and best score at the
 *   book's quiz and the last activity. Triggers keep it exact in the same transaction as every
 *   write of `chapter_reads` and `quiz_scores` (cascades included: a chapter deleted is no
 *   longer counted; a quiz deleted takes its attempts with it), so the progress view sorts and
 *   filters a whole organization by status from one row per member and book. The last activity
 *   only moves forward: a read or an attempt that happened stays the last activity even when its
 *   chapter or quiz goes. A score insert also stamps `learner_sync`.
 */
export function progress(dialect: Dialect) {
  return {
    up: (db: Kysely<unknown>) => (db.isTransaction ? create(db, dialect) : db.transaction().execute((trx) => create(trx, dialect))),
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        for (const name of [
          'chapter_reads_insert',
          'chapter_reads_delete',
          'book_progress_score_insert',
          'book_progress_score_delete',
          'book_progress_quiz_delete',
          'learner_sync_score',
        ])
          await sql.raw(`drop trigger ${name}`).execute(db);
      } else {
        await sql.raw('drop trigger chapter_reads_insert on chapter_reads').execute(db);
        await sql.raw('drop trigger chapter_reads_delete on chapter_reads').execute(db);
        await sql.raw('drop trigger book_progress_score_insert on quiz_scores').execute(db);
        await sql.raw('drop trigger book_progress_score_delete on quiz_scores').execute(db);
        await sql.raw('drop trigger book_progress_quiz_delete on quizzes').execute(db);
        for (const name of ['chapter_reads_add', 'chapter_reads_remove', 'book_progress_scores_add', 'book_progress_scores_remove', 'book_progress_quiz_gone'])
          await sql.raw(`drop function ${name}()`).execute(db);
      }
      await db.schema.dropIndex('quiz_scores_user_quiz_idx').execute();
      for (const table of ['book_progress', 'assignment_members', 'assignments', 'learner_sync', 'chapter_reads']) await db.schema.dropTable(table).execute();
    },
  };
}

async function create(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('chapter_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('first_read_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('client_event_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('chapter_reads_pk', ['user_id', 'chapter_id'])
    .execute();
  await db.schema.createIndex('chapter_reads_user_book_idx').on('chapter_reads').columns(['user_id', 'book_id']).execute();
  // The cascades from a chapter or a book follow these.
  await db.schema.createIndex('chapter_reads_chapter_idx').on('chapter_reads').column('chapter_id').execute();
  await db.schema.createIndex('chapter_reads_book_idx').on('chapter_reads').column('book_id').execute();

  await db.schema
    .createTable('learner_sync')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_synced_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  const assignments = db.schema.createTable('assignments');
  await (
    dialect === 'postgres'
      ? assignments.addColumn('id', 'serial', (c) => c.primaryKey())
      : assignments.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('to_all', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'varchar(10)')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pass_mark', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assignments_organization_idx').on('assignments').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('assignments_book_idx').on('assignments').column('book_id').execute();
  await db.schema.createIndex('assignments_created_by_idx').on('assignments').column('created_by').execute();

  await db.schema
    .createTable('assignment_members')
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('assignment_members_pk', ['assignment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('assignment_members_user_idx').on('assignment_members').columns(['user_id', 'assignment_id']).execute();

  await db.schema
    .createTable('book_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapters_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** The best correct_answers / total_questions of an attempt at the book's quiz, null without one. */
    .addColumn('best_ratio', 'double precision')
    .addColumn('last_activity', 'varchar(32)')
    .addPrimaryKeyConstraint('book_progress_pk', ['user_id', 'book_id'])
    .execute();
  await db.schema.createIndex('book_progress_book_idx').on('book_progress').columns(['book_id', 'user_id']).execute();
  // Attempts of a user at one quiz: the best score is found again when a score goes.
  await db.schema.createIndex('quiz_scores_user_quiz_idx').on('quiz_scores').columns(['user_id', 'quiz_id']).execute();

  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);

  // What exists already (a migration of a running site): scores only; reading starts with this version.
  await sql`
    insert into book_progress (user_id, book_id, chapters_read, attempts, best_ratio, last_activity)
    select s.user_id, q.book_id, 0, count(*), max(s.correct_answers * 1.0 / s.total_questions), max(s.submitted_at)
    from quiz_scores s inner join quizzes q on q.id = s.quiz_id
    group by s.user_id, q.book_id`.execute(db);
  await sql`insert into learner_sync (user_id, last_synced_at) select user_id, max(received_at) from quiz_scores group by user_id`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  const statements = [
    `create trigger chapter_reads_insert after insert on chapter_reads begin
  insert into book_progress (user_id, book_id, chapters_read, attempts, last_activity) values (new.user_id, new.book_id, 1, 0, new.first_read_at)
    on conflict (user_id, book_id) do update set chapters_read = chapters_read + 1, last_activity = max(coalesce(last_activity, ''), excluded.last_activity);
end`,
    `create trigger chapter_reads_delete after delete on chapter_reads begin
  update book_progress set chapters_read = chapters_read - 1 where user_id = old.user_id and book_id = old.book_id;
end`,
    `create trigger book_progress_score_insert after insert on quiz_scores when new.quiz_id is not null begin
  insert into book_progress (user_id, book_id, chapters_read, attempts, best_ratio, last_activity)
    select new.user_id, q.book_id, 0, 1, new.correct_answers * 1.0 / new.total_questions, new.submitted_at from quizzes q where q.id = new.quiz_id
    on conflict (user_id, book_id) do update set attempts = attempts + 1,
      best_ratio = max(coalesce(best_ratio, 0), excluded.best_ratio), last_activity = max(coalesce(last_activity, ''), excluded.last_activity);
end`,
    `create trigger book_progress_score_delete after delete on quiz_scores when old.quiz_id is not null begin
  update book_progress set attempts = attempts - 1,
    best_ratio = (select max(s.correct_answers * 1.0 / s.total_questions) from quiz_scores s where s.user_id = old.user_id and s.quiz_id = old.quiz_id)
  where user_id = old.user_id and book_id = (select q.book_id from quizzes q where q.id = old.quiz_id);
end`,
    // A quiz deleted sets its scores' quiz to null (they stay in the takers' history): they no longer count for the book.
    `create trigger book_progress_quiz_delete after delete on quizzes begin
  update book_progress set attempts = 0, best_ratio = null where book_id = old.book_id;
end`,
    `create trigger learner_sync_score after insert on quiz_scores begin
  insert into learner_sync (user_id, last_synced_at) values (new.user_id, new.received_at)
    on conflict (user_id) do update set last_synced_at = max(last_synced_at, excluded.last_synced_at);
end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  const statements = [
    `create function chapter_reads_add() returns trigger language plpgsql as $$
begin
  insert into book_progress (user_id, book_id, chapters_read, attempts, last_activity)
    select user_id, book_id, count(*), 0, max(first_read_at) from added_rows group by user_id, book_id
    on conflict (user_id, book_id) do update set chapters_read = book_progress.chapters_read + excluded.chapters_read,
      last_activity = greatest(book_progress.last_activity, excluded.last_activity);
  return null;
end $$`,
    `create function chapter_reads_remove() returns trigger language plpgsql as $$
begin
  update book_progress p set chapters_read = p.chapters_read - r.n
    from (select user_id, book_id, count(*) as n from removed_rows group by user_id, book_id) r
    where p.user_id = r.user_id and p.book_id = r.book_id;
  return null;
end $$`,
    `create function book_progress_scores_add() returns trigger language plpgsql as $$
begin
  insert into learner_sync (user_id, last_synced_at) select user_id, max(received_at) from added_rows group by user_id
    on conflict (user_id) do update set last_synced_at = greatest(learner_sync.last_synced_at, excluded.last_synced_at);
  insert into book_progress (user_id, book_id, chapters_read, attempts, best_ratio, last_activity)
    select s.user_id, q.book_id, 0, count(*), max(s.correct_answers * 1.0 / s.total_questions), max(s.submitted_at)
    from added_rows s inner join quizzes q on q.id = s.quiz_id group by s.user_id, q.book_id
    on conflict (user_id, book_id) do update set attempts = book_progress.attempts + excluded.attempts,
      best_ratio = greatest(book_progress.best_ratio, excluded.best_ratio), last_activity = greatest(book_progress.last_activity, excluded.last_activity);
  return null;
end $$`,
    `create function book_progress_scores_remove() returns trigger language plpgsql as $$
begin
  update book_progress p set attempts = p.attempts - r.n,
    best_ratio = (select max(s.correct_answers * 1.0 / s.total_questions) from quiz_scores s where s.user_id = r.user_id and s.quiz_id = r.quiz_id)
    from (select d.user_id, d.quiz_id, q.book_id, count(*) as n from removed_rows d inner join quizzes q on q.id = d.quiz_id group by d.user_id, d.quiz_id, q.book_id) r
    where p.user_id = r.user_id and p.book_id = r.book_id;
  return null;
end $$`,
    `create function book_progress_quiz_gone() returns trigger language plpgsql as $$
begin
  update book_progress set attempts = 0, best_ratio = null where book_id = old.book_id;
  return null;
end $$`,
    'create trigger chapter_reads_insert after insert on chapter_reads referencing new table as added_rows for each statement execute function chapter_reads_add()',
    'create trigger chapter_reads_delete after delete on chapter_reads referencing old table as removed_rows for each statement execute function chapter_reads_remove()',
    'create trigger book_progress_score_insert after insert on quiz_scores referencing new table as added_rows for each statement execute function book_progress_scores_add()',
    'create trigger book_progress_score_delete after delete on quiz_scores referencing old table as removed_rows for each statement execute function book_progress_scores_remove()',
    // A quiz deleted sets its scores' quiz to null (they stay in the takers' history): they no longer count for the book.
    'create trigger book_progress_quiz_delete after delete on quizzes for each row execute function book_progress_quiz_gone()',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
