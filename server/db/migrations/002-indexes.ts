import type { Kysely } from 'kysely';

/**
 * An index for every list and lookup the repositories run, so none reads a whole table
 * (tests/server/query-plans.test.ts checks the plans on both engines):
 * - the books list pages by (created_at, id), newest first;
 * - my-scores pages by (user_id, submitted_at, id) and an organization's members by
 *   (organization_id, id): the id tie-break is in the index, so neither sorts (these replace
 *   the two-column indexes of 001);
 * - every foreign key that a delete follows (ON DELETE SET NULL / CASCADE), so deleting a user
 *   or a quiz does not scan a million score records;
 * - the daily purge of refresh tokens by family expiry.
 */
export function indexes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('books_created_idx').on('books').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('books_owner_idx').on('books').column('owner_id').execute();
      await db.schema.createIndex('organizations_owner_idx').on('organizations').column('owner_id').execute();

      await db.schema.createIndex('memberships_organization_id_idx').on('memberships').columns(['organization_id', 'id']).execute();
      await db.schema.dropIndex('memberships_organization_idx').execute();

      await db.schema.createIndex('quiz_scores_user_submitted_id_idx').on('quiz_scores').columns(['user_id', 'submitted_at', 'id']).execute();
      await db.schema.dropIndex('quiz_scores_user_submitted_idx').execute();
      await db.schema.createIndex('quiz_scores_quiz_idx').on('quiz_scores').column('quiz_id').execute();

      await db.schema.createIndex('quiz_versions_created_by_idx').on('quiz_versions').column('created_by').execute();
      await db.schema.createIndex('media_files_uploaded_by_idx').on('media_files').column('uploaded_by').execute();
      await db.schema.createIndex('refresh_tokens_family_expires_idx').on('refresh_tokens').column('family_expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of [
        'refresh_tokens_family_expires_idx',
        'media_files_uploaded_by_idx',
        'quiz_versions_created_by_idx',
        'quiz_scores_quiz_idx',
        'books_owner_idx',
        'books_created_idx',
        'organizations_owner_idx',
      ])
        await db.schema.dropIndex(name).execute();
      await db.schema.createIndex('quiz_scores_user_submitted_idx').on('quiz_scores').columns(['user_id', 'submitted_at']).execute();
      await db.schema.dropIndex('quiz_scores_user_submitted_id_idx').execute();
      await db.schema.createIndex('memberships_organization_idx').on('memberships').column('organization_id').execute();
      await db.schema.dropIndex('memberships_organization_id_idx').execute();
    },
  };
}
