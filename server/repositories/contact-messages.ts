/**
 * Messages of the public contact form: stored as they arrive, listed newest first for
 * superusers, marked handled (or not again), and marked mailed once the mail to the institute
 * went out.
 */
import type { Generated, Kysely, Selectable } from 'kysely';
import type { ContactMessage } from '../../src/contract/contact';
import type { Database } from '../db/schema';
import type { Page } from '../lib/pagination';
import { nowIso } from '../lib/time';

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: string;
  handled_at: string | null;
  mailed_at: string | null;
}

type ContactDatabase = Database & { contact_messages: ContactMessagesTable };
type Row = Selectable<ContactMessagesTable>;

const toMessage = (row: Row): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  created_at: row.created_at,
  handled: row.handled_at !== null,
  handled_at: row.handled_at,
  mailed_at: row.mailed_at,
});

export class ContactMessagesRepository {
  private readonly db: Kysely<ContactDatabase>;
  constructor(db: Kysely<Database>) {
    this.db = db as unknown as Kysely<ContactDatabase>;
  }

  /** Stores a message as it arrived (not handled, not mailed yet). */
  async create(fields: { name: string; email: string; message: string }): Promise<ContactMessage> {
    const row = await this.db
      .insertInto('contact_messages')
      .values({ ...fields, created_at: nowIso(), handled_at: null, mailed_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMessage(row);
  }

  /** A page of messages, newest first (ids grow with time). */
  async list(page: Page): Promise<{ count: number; rows: ContactMessage[] }> {
    const [counted, rows] = await Promise.all([
      this.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
      this.db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    ]);
    return { count: Number(counted?.count ?? 0), rows: rows.map(toMessage) };
  }

  /** Marks a message handled (keeping the first time it was) or not handled; undefined when there is no such message. */
  async setHandled(id: number, handled: boolean): Promise<ContactMessage | undefined> {
    const row = await this.db
      .updateTable('contact_messages')
      .set((eb) => ({ handled_at: handled ? eb.fn.coalesce('handled_at', eb.val(nowIso())) : null }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toMessage(row);
  }

  /** Records that the mail to the institute went out. */
  async markMailed(id: number): Promise<void> {
    await this.db.updateTable('contact_messages').set({ mailed_at: nowIso() }).where('id', '=', id).execute();
  }
}
