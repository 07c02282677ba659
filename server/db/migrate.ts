import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { initial } from './migrations/001-initial';
import { indexes } from './migrations/003-indexes';
import { passwordResets } from './migrations/004-password-resets';

/** Every migration, in order. Each one is written once and runs on both engines. */
function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001-initial': initial(db.dialect),
    '003-indexes': indexes(),
    '004-password-resets': passwordResets(db.dialect),
  };
}

/** Applies pending migrations; safe to call from several processes (applied ones are skipped). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  // Migrations written side by side may land in any order (003 applied before 002 exists):
  // each is independent, so one missing from an older database is applied, not refused.
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
