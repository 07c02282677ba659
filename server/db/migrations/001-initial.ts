import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';

/** An auto-incrementing integer key on either engine. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export function initial(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', notNull)
        .addColumn('full_name', 'varchar(150)', notNull)
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone_number', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_superuser', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('date_joined', 'varchar(32)', notNull)
        .execute();

      await withId(db.schema.createTable('organizations'), dialect)
        .addColumn('name', 'varchar(200)', notNull)
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', notNull)
        .execute();

      await withId(db.schema.createTable('memberships'), dialect)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
        // One organization per user: the unique user_id says it in the schema.
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('role', 'varchar(16)', notNull)
        .addColumn('created_at', 'varchar(32)', notNull)
        .execute();
      await db.schema.createIndex('memberships_organization_idx').on('memberships').column('organization_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('family_id', 'varchar(64)', notNull)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('issued_at', 'varchar(32)', notNull)
        .addColumn('expires_at', 'varchar(32)', notNull)
        .addColumn('family_expires_at', 'varchar(32)', notNull)
        .addColumn('rotated_at', 'varchar(32)')
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
      await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

      await withId(db.schema.createTable('books'), dialect)
        .addColumn('title', 'varchar(255)', notNull)
        .addColumn('author', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_image_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', notNull)
        .addColumn('updated_at', 'varchar(32)', notNull)
        .execute();

      await withId(db.schema.createTable('chapters'), dialect)
        .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
        .addColumn('title', 'varchar(255)', notNull)
        .addColumn('content_delta', 'text')
        .addColumn('order', 'integer', notNull)
        .addColumn('created_at', 'varchar(32)', notNull)
        .addColumn('updated_at', 'varchar(32)', notNull)
        .execute();
      await db.schema.createIndex('chapters_book_order_idx').on('chapters').columns(['book_id', 'order', 'id']).execute();

      await withId(db.schema.createTable('quizzes'), dialect)
        .addColumn('book_id', 'integer', (c) => c.notNull().unique().references('books.id').onDelete('cascade'))
        .addColumn('title', 'varchar(255)', notNull)
        .addColumn('current_version', 'integer', notNull)
        .addColumn('created_at', 'varchar(32)', notNull)
        .addColumn('updated_at', 'varchar(32)', notNull)
        .execute();

      await withId(db.schema.createTable('quiz_versions'), dialect)
        .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
        .addColumn('version', 'integer', notNull)
        .addColumn('quiz_data', 'text', notNull)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', notNull)
        .addUniqueConstraint('quiz_versions_quiz_version_unique', ['quiz_id', 'version'])
        .execute();

      await withId(db.schema.createTable('quiz_scores'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // A deleted quiz leaves its takers' history in place: the title is kept on the score.
        .addColumn('quiz_id', 'integer', (c) => c.references('quizzes.id').onDelete('set null'))
        .addColumn('quiz_title', 'varchar(255)', notNull)
        .addColumn('quiz_version', 'integer')
        .addColumn('correct_answers', 'integer', notNull)
        .addColumn('total_questions', 'integer', notNull)
        .addColumn('client_attempt_id', 'varchar(36)')
        .addColumn('answers', 'text')
        .addColumn('submitted_at', 'varchar(32)', notNull)
        .addColumn('received_at', 'varchar(32)', notNull)
        .addUniqueConstraint('quiz_scores_user_attempt_unique', ['user_id', 'client_attempt_id'])
        .execute();
      await db.schema.createIndex('quiz_scores_user_submitted_idx').on('quiz_scores').columns(['user_id', 'submitted_at']).execute();

      await withId(db.schema.createTable('media_files'), dialect)
        .addColumn('path', 'varchar(512)', (c) => c.notNull().unique())
        .addColumn('kind', 'varchar(16)', notNull)
        .addColumn('content_type', 'varchar(64)', notNull)
        .addColumn('size', 'bigint', notNull)
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', notNull)
        .execute();
    },
  };
}
