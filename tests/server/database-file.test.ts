/**
 * The SQLite database holds password hashes and every learner's scores: its file, and the
 * -wal and -shm files beside it, are readable by the server's own user only (0600), as the
 * generated signing key is, whatever the process's umask.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lap-db-file-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

it('creates db.sqlite3 and its -wal and -shm files with mode 0600, like secret_key', async () => {
  const previous = process.umask(0o022);
  try {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    const db = openDatabase({ sqliteFile: config.sqliteFile });
    await migrateToLatest(db);
    // Open: the write-ahead log and its index exist beside the file.
    expect({
      database: modeOf(config.sqliteFile),
      wal: modeOf(`${config.sqliteFile}-wal`),
      shm: modeOf(`${config.sqliteFile}-shm`),
      secret: modeOf(path.join(dataDir, 'secret_key')),
    }).toEqual({ database: '600', wal: '600', shm: '600', secret: '600' });
    await db.close();
  } finally {
    process.umask(previous);
  }
});
