import type { Kysely } from 'kysely';
import { nowIso } from '../lib/time';
import type { Database } from '../db/schema';
import { inTransaction } from './transaction';

export interface AssignmentRow {
  id: number;
  organization_id: number;
  book_id: number;
  book_title: string;
  to_all: number;
  due_date: string | null;
  note: string;
  pass_mark: number;
  created_at: string;
  updated_at: string;
}

export interface AssignmentValues {
  to_all: boolean;
  members: number[];
  due_date: string | null;
  note: string;
  pass_mark: number;
}

/**
 * A book assigned to some or all members of an organization. Only CURRENT members count: a
 * named member who left is not listed (their row stays, harmless, and goes with their account).
 */
export class AssignmentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withBook() {
    return this.db
      .selectFrom('assignments as a')
      .innerJoin('books as b', 'b.id', 'a.book_id')
      .select([
        'a.id',
        'a.organization_id',
        'a.book_id',
        'b.title as book_title',
        'a.to_all',
        'a.due_date',
        'a.note',
        'a.pass_mark',
        'a.created_at',
        'a.updated_at',
      ]);
  }

  /** The organization's assignments, oldest first. */
  list(organizationId: number): Promise<AssignmentRow[]> {
    return this.withBook().where('a.organization_id', '=', organizationId).orderBy('a.id').execute();
  }

  /** One assignment of the organization (none for another organization's id). */
  find(organizationId: number, id: number): Promise<AssignmentRow | undefined> {
    return this.withBook().where('a.id', '=', id).where('a.organization_id', '=', organizationId).executeTakeFirst();
  }

  /** The current members each assignment names, by assignment. */
  async namedMembers(organizationId: number, assignmentIds: number[]) {
    const named = new Map<number, { id: number; full_name: string; email: string }[]>();
    if (!assignmentIds.length) return named;
    const rows = await this.db
      .selectFrom('assignment_members as am')
      .innerJoin('memberships as m', 'm.user_id', 'am.user_id')
      .innerJoin('users as u', 'u.id', 'am.user_id')
      .where('am.assignment_id', 'in', assignmentIds)
      .where('m.organization_id', '=', organizationId)
      .select(['am.assignment_id', 'u.id', 'u.full_name', 'u.email'])
      .orderBy('u.full_name')
      .orderBy('u.id')
      .execute();
    for (const { assignment_id, ...member } of rows) named.set(assignment_id, [...(named.get(assignment_id) ?? []), member]);
    return named;
  }

  /** Which of `assignmentIds` name each of `userIds` (pairs), for users of the page. */
  async namedPairs(assignmentIds: number[], userIds: number[]): Promise<Set<string>> {
    if (!assignmentIds.length || !userIds.length) return new Set();
    const rows = await this.db
      .selectFrom('assignment_members')
      .select(['assignment_id', 'user_id'])
      .where('assignment_id', 'in', assignmentIds)
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((r) => pairKey(r.assignment_id, r.user_id)));
  }

  /** Those of `userIds` who are not current members of the organization. */
  async notMembers(organizationId: number, userIds: number[]): Promise<number[]> {
    if (!userIds.length) return [];
    const rows = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', userIds)
      .execute();
    const members = new Set(rows.map((r) => r.user_id));
    return [...new Set(userIds)].filter((id) => !members.has(id));
  }

  /** The assignments of the organization that apply to the user (to all members, or naming them). */
  forMember(organizationId: number, userId: number): Promise<AssignmentRow[]> {
    return this.withBook()
      .where('a.organization_id', '=', organizationId)
      .where((eb) =>
        eb.or([
          eb('a.to_all', '=', 1),
          eb.exists(eb.selectFrom('assignment_members as am').select('am.user_id').whereRef('am.assignment_id', '=', 'a.id').where('am.user_id', '=', userId)),
        ]),
      )
      .orderBy('a.id')
      .execute();
  }

  create(organizationId: number, bookId: number, values: AssignmentValues, createdBy: number): Promise<number> {
    return inTransaction(this.db, async (db) => {
      const now = nowIso();
      const { id } = await db
        .insertInto('assignments')
        .values({
          organization_id: organizationId,
          book_id: bookId,
          to_all: values.to_all ? 1 : 0,
          due_date: values.due_date,
          note: values.note,
          pass_mark: values.pass_mark,
          created_by: createdBy,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setMembers(db, id, values.to_all ? [] : values.members);
      return id;
    });
  }

  update(id: number, values: AssignmentValues): Promise<void> {
    return inTransaction(this.db, async (db) => {
      await db
        .updateTable('assignments')
        .set({ to_all: values.to_all ? 1 : 0, due_date: values.due_date, note: values.note, pass_mark: values.pass_mark, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await db.deleteFrom('assignment_members').where('assignment_id', '=', id).execute();
      await setMembers(db, id, values.to_all ? [] : values.members);
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('assignments').where('id', '=', id).execute();
  }
}

export const pairKey = (assignmentId: number, userId: number) => `${assignmentId}:${userId}`;

async function setMembers(db: Kysely<Database>, assignmentId: number, members: number[]) {
  const unique = [...new Set(members)];
  // 2 parameters a row: well under every engine's limit per statement.
  for (let i = 0; i < unique.length; i += 1000)
    await db
      .insertInto('assignment_members')
      .values(unique.slice(i, i + 1000).map((user_id) => ({ assignment_id: assignmentId, user_id })))
      .execute();
}
