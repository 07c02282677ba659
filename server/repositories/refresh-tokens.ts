import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database, RefreshTokensTable } from '../db/schema';
import { nowIso } from '../lib/time';

export class RefreshTokensRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Holds the family's lock until the surrounding transaction ends, so every decision about a
   * family (rotate, detect reuse, revoke) runs one at a time, across app instances too. On
   * PostgreSQL a transaction-scoped advisory lock; SQLite runs one transaction at a time anyway.
   */
  async lockFamily(familyId: string): Promise<void> {
    if (!this.db.isTransaction) throw new Error('lockFamily needs a transaction');
    if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${familyId}))`.execute(this.db);
  }

  async insert(row: RefreshTokensTable): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  find(jti: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
  }

  /** Marks every live token of the family rotated out: the one about to be issued is the only live one. */
  async rotateOutLive(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: nowIso() })
      .where('family_id', '=', familyId)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  /** Tokens of a family that can still be exchanged (neither rotated out nor revoked). */
  async liveInFamily(familyId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('refresh_tokens')
      .select('jti')
      .where('family_id', '=', familyId)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    return rows.map((r) => r.jti);
  }

  /** Drops rows whose whole family has expired: they can never be presented successfully again. */
  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('family_expires_at', '<', nowIso()).execute();
  }
}
