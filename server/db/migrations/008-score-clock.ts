import { sql, type Kysely } from 'kysely';

/** Lowers the attempt ids stored in another case, but those whose lower-case twin is stored too. */
export async function canonicalAttemptIds(db: Kysely<unknown>): Promise<void> {
  await sql`
    update quiz_scores set client_attempt_id = lower(client_attempt_id)
    where client_attempt_id <> lower(client_attempt_id)
      and not exists (
        select 1 from quiz_scores twin
        where twin.user_id = quiz_scores.user_id and twin.client_attempt_id = lower(quiz_scores.client_attempt_id)
      )`.execute(db);
}

/**
 * Scores from phones whose clocks are wrong: `client_completed_at` keeps the completion time
 * the device sent, as it sent it, while `submitted_at` is the time the server takes for it
 * (never later than `received_at`). Attempt ids are compared in one form, lower case: ids
 * stored in another case are lowered, unless their lower-case twin is already stored (both
 * stay then; the next replay finds the lower-case one).
 */
export function scoreClock() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('quiz_scores').addColumn('client_completed_at', 'varchar(40)').execute();
      await canonicalAttemptIds(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('quiz_scores').dropColumn('client_completed_at').execute();
    },
  };
}
