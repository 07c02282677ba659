/**
 * `npm start`: build the PWA if needed, migrate, seed demo content into an empty database,
 * and serve the PWA and /api from one process.
 */
import { ensureBuild, DIST_DIR } from './build';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createRepositories } from './repositories';
import { createMediaStorage } from './storage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed';
import { startServer } from './server';

async function main() {
  const config = loadConfig();
  if (process.env.SKIP_BUILD !== '1') ensureBuild();
  const db = openDatabase(config);
  await migrateToLatest(db);
  const seeded = config.seedDemo ? await seedDemo(createRepositories(db.kysely, db.dialect), createMediaStorage(config)) : false;
  const app = await startServer(config, db, { distDir: DIST_DIR });

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number }).port;
  const lines = [
    '',
    `  Laparoscopy training platform is running at http://${shownHost}:${port}`,
    config.host === '0.0.0.0' ? '  (listening on every interface: phones on the same network can use this machine’s address)' : '',
    `  Database: ${db.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL'} · media: ${config.mediaDir}`,
  ];
  if (config.seedDemo) {
    lines.push(seeded ? '  Demo content was added to the new database.' : '  Demo accounts (if this database was seeded):');
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.role.padEnd(22)} ${account.email}`);
    lines.push(`    password for every demo account: ${DEMO_PASSWORD}`);
  }
  console.log(lines.filter(Boolean).join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
