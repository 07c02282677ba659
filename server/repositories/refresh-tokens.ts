import type { Kysely } from 'kysely';
import type { Database, RefreshTokensTable } from '../db/schema';
import { nowIso } from '../lib/time';

export class RefreshTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: RefreshTokensTable): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  find(jti: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
  }

  /** Marks a token used, atomically: false when another request already used or revoked it. */
  async markRotated(jti: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: nowIso() })
      .where('jti', '=', jti)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revoke(jti: string): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('jti', '=', jti).where('revoked_at', 'is', null).execute();
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Drops rows whose whole family has expired: they can never be presented successfully again. */
  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('family_expires_at', '<', nowIso()).execute();
  }
}
