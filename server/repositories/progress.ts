import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../lib/time';
import { inTransaction } from './transaction';

export interface ReadEvent {
  client_event_id: string;
  chapter: number;
  /** ISO 8601 UTC, already no later than the receipt. */
  read_at: string;
}

export interface BookFigures {
  user_id: number;
  book_id: number;
  chapters_read: number;
  attempts: number;
  best_ratio: number | null;
  last_activity: string | null;
}

export interface MemberRow {
  id: number;
  full_name: string;
  email: string;
  role: string;
  last_synced: string | null;
  membership_id: number;
}

export type MemberOrder = 'name' | '-name' | 'last_synced' | '-last_synced';

/**
 * Reading events and the figures of the progress view: `chapter_reads` (the first read of each
 * chapter by each user), `learner_sync` and `book_progress` (kept by triggers, see
 * migrations/012-progress.ts). Every query is bounded by a page of users or one user.
 */
export class ProgressRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records a batch of reads: per chapter the earliest time is kept (a replay or another
   * device's later read changes nothing); events for chapters that do not exist are ignored.
   * The user's last sync is stamped in the same transaction. Answers the chapter ids it found.
   */
  recordReads(userId: number, events: ReadEvent[]): Promise<Set<number>> {
    return inTransaction(this.db, async (db) => {
      const receivedAt = nowIso();
      const chapterIds = [...new Set(events.map((e) => e.chapter))];
      const chapters = await db.selectFrom('chapters').select(['id', 'book_id']).where('id', 'in', chapterIds).execute();
      const bookOf = new Map(chapters.map((c) => [c.id, c.book_id]));
      // One row per chapter (the earliest of the batch): an upsert may touch a row once.
      const earliest = new Map<number, ReadEvent>();
      for (const event of events) {
        if (!bookOf.has(event.chapter)) continue;
        const seen = earliest.get(event.chapter);
        if (!seen || event.read_at < seen.read_at) earliest.set(event.chapter, event);
      }
      const rows = [...earliest.values()].map((e) => ({
        user_id: userId,
        chapter_id: e.chapter,
        book_id: bookOf.get(e.chapter)!,
        first_read_at: e.read_at,
        client_event_id: e.client_event_id,
        received_at: receivedAt,
      }));
      if (rows.length)
        await db
          .insertInto('chapter_reads')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'chapter_id'])
              .doUpdateSet({ first_read_at: (eb) => eb.ref('excluded.first_read_at'), client_event_id: (eb) => eb.ref('excluded.client_event_id') })
              .whereRef('excluded.first_read_at', '<', 'chapter_reads.first_read_at'),
          )
          .execute();
      await db
        .insertInto('learner_sync')
        .values({ user_id: userId, last_synced_at: receivedAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_synced_at: receivedAt }))
        .execute();
      return new Set(bookOf.keys());
    });
  }

  /** The user's figures for the books they began (read a chapter or attempted the quiz). */
  begunBooks(userId: number): Promise<BookFigures[]> {
    return this.db
      .selectFrom('book_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('chapters_read', '>', 0), eb('attempts', '>', 0)]))
      .orderBy('book_id')
      .execute();
  }

  /** The chapters the user read, per book, of the given books. */
  async readChapters(userId: number, bookIds: number[]): Promise<Map<number, { chapter_id: number; first_read_at: string }[]>> {
    const byBook = new Map<number, { chapter_id: number; first_read_at: string }[]>();
    if (!bookIds.length) return byBook;
    const rows = await this.db
      .selectFrom('chapter_reads')
      .select(['book_id', 'chapter_id', 'first_read_at'])
      .where('user_id', '=', userId)
      .where('book_id', 'in', bookIds)
      .orderBy('chapter_id')
      .execute();
    for (const { book_id, ...read } of rows) byBook.set(book_id, [...(byBook.get(book_id) ?? []), read]);
    return byBook;
  }

  /** Per book: its number of chapters now and whether it has a quiz (and which). */
  async bookFacts(bookIds: number[]): Promise<Map<number, { chapter_count: number; quiz_id: number | null }>> {
    const facts = new Map<number, { chapter_count: number; quiz_id: number | null }>();
    if (!bookIds.length) return facts;
    const [counts, quizzes] = await Promise.all([
      this.db
        .selectFrom('chapters')
        .select((eb) => ['book_id', eb.fn.countAll<number>().as('count')])
        .where('book_id', 'in', bookIds)
        .groupBy('book_id')
        .execute(),
      this.db.selectFrom('quizzes').select(['id', 'book_id']).where('book_id', 'in', bookIds).execute(),
    ]);
    for (const id of bookIds) facts.set(id, { chapter_count: 0, quiz_id: null });
    for (const row of counts) facts.get(row.book_id)!.chapter_count = Number(row.count);
    for (const row of quizzes) facts.get(row.book_id)!.quiz_id = row.id;
    return facts;
  }

  /** The figures of these users for these books (absent: nothing done yet). */
  figures(userIds: number[], bookIds: number[]): Promise<BookFigures[]> {
    if (!userIds.length || !bookIds.length) return Promise.resolve([]);
    return this.db.selectFrom('book_progress').selectAll().where('user_id', 'in', userIds).where('book_id', 'in', bookIds).execute();
  }

  /**
   * The ids of the organization's current members in the order asked, only those with an
   * assignment in the status ranked `statusRank` when given. Each (member, applicable
   * assignment) gets its status here, in SQL, so that a thousand members and twenty books are
   * aggregated in the database (twenty thousand figures, never sent to the app):
   * `STATUS_SQL` is the contract's assignmentStatus written as a CASE, ranked worst first
   * (overdue 0, not started 1, in progress 2, done 3; 4 for a member with nothing assigned).
   * tests/server/progress.test.ts checks both against each other.
   */
  async rankedMemberIds(organizationId: number, today: string, order: MemberOrder | 'status' | '-status', statusRank?: number): Promise<number[]> {
    const orderBy = {
      name: sql`u.full_name asc, u.id asc`,
      '-name': sql`u.full_name desc, u.id desc`,
      last_synced: sql`case when ls.last_synced_at is null then 1 else 0 end, ls.last_synced_at asc, u.full_name, u.id`,
      '-last_synced': sql`case when ls.last_synced_at is null then 1 else 0 end, ls.last_synced_at desc, u.full_name, u.id`,
      status: sql`coalesce(r.worst, 4) asc, u.full_name, u.id`,
      '-status': sql`coalesce(r.worst, 4) desc, u.full_name, u.id`,
    }[order];
    const { rows } = await sql<{ id: number }>`
      with cols as materialized (
        select a.id, a.book_id, a.to_all, a.pass_mark, a.due_date,
          (select count(*) from chapters c where c.book_id = a.book_id) as chapter_count,
          case when exists (select 1 from quizzes q where q.book_id = a.book_id) then 1 else 0 end as has_quiz
        from assignments a where a.organization_id = ${organizationId}
      ),
      cells as (
        select m.user_id,
          case
            when coalesce(p.chapters_read, 0) >= cols.chapter_count
              and (cols.has_quiz = 0 or (p.best_ratio is not null and p.best_ratio * 10000 + 0.5 >= cols.pass_mark * 100)) then 3
            when cols.due_date is not null and ${today} > cols.due_date then 0
            when coalesce(p.chapters_read, 0) = 0 and coalesce(p.attempts, 0) = 0 then 1
            else 2
          end as rank
        from memberships m
        cross join cols
        left join assignment_members am on am.assignment_id = cols.id and am.user_id = m.user_id
        left join book_progress p on p.user_id = m.user_id and p.book_id = cols.book_id
        where m.organization_id = ${organizationId} and (cols.to_all = 1 or am.user_id is not null)
      ),
      ranked as (
        select user_id, min(rank) as worst, max(case when rank = ${statusRank ?? -1} then 1 else 0 end) as has_status from cells group by user_id
      )
      select u.id from memberships m
      inner join users u on u.id = m.user_id
      left join learner_sync ls on ls.user_id = m.user_id
      left join ranked r on r.user_id = m.user_id
      where m.organization_id = ${organizationId} ${statusRank === undefined ? sql`` : sql`and r.has_status = 1`}
      order by ${orderBy}`.execute(this.db);
    return rows.map((r) => Number(r.id));
  }

  private members(organizationId: number) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('learner_sync as s', 's.user_id', 'm.user_id')
      .where('m.organization_id', '=', organizationId)
      .select(['u.id', 'u.full_name', 'u.email', 'm.role', 's.last_synced_at as last_synced', 'm.id as membership_id']);
  }

  async memberCount(organizationId: number): Promise<number> {
    const row = await this.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** A page of the organization's current members, in the order asked (never synced last when by last sync). */
  memberPage(organizationId: number, order: MemberOrder, limit: number, offset: number): Promise<MemberRow[]> {
    let query = this.members(organizationId);
    if (order === 'name' || order === '-name') {
      const direction = order === 'name' ? 'asc' : 'desc';
      query = query.orderBy('u.full_name', direction).orderBy('u.id', direction);
    } else {
      const direction = order === 'last_synced' ? 'asc' : 'desc';
      query = query
        .orderBy(sql`case when s.last_synced_at is null then 1 else 0 end`)
        .orderBy('s.last_synced_at', direction)
        .orderBy('u.full_name')
        .orderBy('u.id');
    }
    return query.limit(limit).offset(offset).execute();
  }

  /** These users, if they are current members of the organization. */
  membersByIds(organizationId: number, userIds: number[]): Promise<MemberRow[]> {
    if (!userIds.length) return Promise.resolve([]);
    return this.members(organizationId).where('m.user_id', 'in', userIds).execute();
  }

  /** The chapters of a book in reading order, with when the user first read each. */
  chaptersWithReads(userId: number, bookId: number) {
    return this.db
      .selectFrom('chapters as c')
      .leftJoin('chapter_reads as r', (join) => join.onRef('r.chapter_id', '=', 'c.id').on('r.user_id', '=', userId))
      .where('c.book_id', '=', bookId)
      .select(['c.id', 'c.title', 'r.first_read_at as read_at'])
      .orderBy('c.order')
      .orderBy('c.id')
      .execute();
  }

  /** The user's attempts at a quiz, oldest first. */
  attempts(userId: number, quizId: number) {
    return this.db
      .selectFrom('quiz_scores')
      .select(['id', 'correct_answers', 'total_questions', 'submitted_at'])
      .where('user_id', '=', userId)
      .where('quiz_id', '=', quizId)
      .orderBy('submitted_at')
      .orderBy('id')
      .execute();
  }
}
