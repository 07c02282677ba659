/**
 * `npm run createsuperuser -- --email E --password P [--full-name N] [--yes]`
 * Creates a superuser, or promotes an existing account after saying when it was registered
 * and asking (`--yes` for scripts); a promoted account is signed out everywhere (superuser.ts).
 * Asks for missing values when a terminal is attached.
 * Safe beside a running server: SQLite waits for the server's writes (WAL, busy timeout).
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createRepositories } from '../repositories';
import { createSuperuser } from './superuser';

async function ask(question: string, hidden = false): Promise<string> {
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!hidden) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  process.stdout.write(question);
  const answer = await rl.question('');
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer.trim();
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, 'full-name': { type: 'string' }, yes: { type: 'boolean', short: 'y' } },
    allowPositionals: false,
  });
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const repos = createRepositories(db.kysely, db.dialect);
    await createSuperuser(
      repos,
      { email: values.email, password: values.password, fullName: values['full-name'], yes: values.yes },
      { interactive: Boolean(process.stdin.isTTY), ask, say: (line) => console.log(line) },
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Error: ${(error as Error).message}`);
  process.exit(1);
});
