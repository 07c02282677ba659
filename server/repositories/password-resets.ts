/**
 * Password-reset links. A link's token is never stored, only its SHA-256 hash; a link is used
 * at most once (the update that marks it used is the check), only before it expires, and only
 * while its account's session epoch is the one it was sent under.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isoIn, nowIso } from '../lib/time';

export interface PasswordResetsTable {
  id: import('kysely').Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  session_epoch: number;
}

type ResetDatabase = Database & { password_resets: PasswordResetsTable };

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class PasswordResetsRepository {
  private readonly db: Kysely<ResetDatabase>;
  constructor(db: Kysely<Database>) {
    this.db = db as unknown as Kysely<ResetDatabase>;
  }

  /**
   * Stores a new link for the user, valid for `lifetimeSeconds` and only while the account's
   * session epoch is still `sessionEpoch` (a password change in between voids it).
   */
  async create(user: { user_id: number; session_epoch: number }, token: string, lifetimeSeconds: number): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({
        token_hash: hashResetToken(token),
        user_id: user.user_id,
        session_epoch: user.session_epoch,
        created_at: nowIso(),
        expires_at: isoIn(lifetimeSeconds),
        used_at: null,
      })
      .execute();
  }

  /** A link that could still be used: its user and the epoch it was sent under, or undefined. Changes nothing. */
  async find(token: string): Promise<{ user_id: number; session_epoch: number } | undefined> {
    const row = await this.db
      .selectFrom('password_resets')
      .select(['user_id', 'session_epoch'])
      .where('token_hash', '=', hashResetToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    return row && { user_id: row.user_id, session_epoch: Number(row.session_epoch) };
  }

  /**
   * Uses a link: marks it used and answers its user, or undefined when it is unknown, already
   * used or expired. Two requests with the same token cannot both succeed (one row update).
   */
  async consume(token: string): Promise<{ user_id: number; session_epoch: number } | undefined> {
    const now = nowIso();
    const row = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hashResetToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'session_epoch'])
      .executeTakeFirst();
    if (!row) return undefined;
    // The other links sent to the same person stop working too: the password they were for is gone.
    await this.db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
    return { user_id: row.user_id, session_epoch: Number(row.session_epoch) };
  }

  /** Drops links that expired a day ago or more. */
  async deleteExpired(): Promise<void> {
    await this.db
      .deleteFrom('password_resets')
      .where('expires_at', '<', isoIn(-24 * 60 * 60))
      .execute();
  }
}
