import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { initial } from './migrations/001-initial';
import { indexes } from './migrations/002-indexes';
import { passwordResets } from './migrations/003-password-resets';
import { contentState } from './migrations/004-content-state';
import { scoreCounts } from './migrations/005-score-counts';
import { accountState } from './migrations/006-account-state';
import { sessionEpoch } from './migrations/007-session-epoch';
import { scoreClock } from './migrations/008-score-clock';
import { invitations } from './migrations/009-invitations';
import { contactMessages } from './migrations/010-contact-messages';
import { search } from './migrations/011-search';
import { progress } from './migrations/012-progress';
import { review } from './migrations/013-review';
import { practice } from './migrations/014-practice';
import { searchCandidates } from './migrations/015-search-candidates';

/** Every migration, in order. Each one is written once and runs on both engines. */
export function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001-initial': initial(db.dialect),
    '002-indexes': indexes(),
    '003-password-resets': passwordResets(db.dialect),
    '004-content-state': contentState(db.dialect),
    '005-score-counts': scoreCounts(db.dialect),
    '006-account-state': accountState(db.dialect),
    '007-session-epoch': sessionEpoch(db.dialect),
    '008-score-clock': scoreClock(),
    '009-invitations': invitations(db.dialect),
    '010-contact-messages': contactMessages(db.dialect),
    '011-search': search(db.dialect),
    '012-progress': progress(db.dialect),
    '013-review': review(db.dialect),
    '014-practice': practice(db.dialect),
    '015-search-candidates': searchCandidates(db.dialect),
  };
}

/** Applies pending migrations; safe to call from several processes (applied ones are skipped). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
