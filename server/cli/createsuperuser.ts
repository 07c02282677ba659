/**
 * `npm run createsuperuser -- --email E --password P [--full-name N]`
 * Creates a superuser, or promotes an existing account (setting the password when one is
 * given). Asks for missing values when a terminal is attached. Same rules as registration.
 * Safe beside a running server: SQLite waits for the server's writes (WAL, busy timeout).
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { emailSchema } from '../../src/contract/session';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { hashPassword, registrationProblems } from '../lib/passwords';
import { createRepositories } from '../repositories';

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
    options: { email: { type: 'string' }, password: { type: 'string' }, 'full-name': { type: 'string' } },
    allowPositionals: false,
  });
  const interactive = Boolean(process.stdin.isTTY);
  const missing = (name: string) => {
    throw new Error(`--${name} is required when no terminal is attached.`);
  };
  const email = values.email ?? (interactive ? await ask('Email: ') : missing('email'));
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success) throw new Error('Enter a valid email address.');

  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const repos = createRepositories(db.kysely, db.dialect);
    const existing = await repos.users.findByEmail(parsedEmail.data);
    const fullName = values['full-name'] ?? existing?.full_name ?? (interactive ? await ask('Full name: ') : 'Administrator');
    let password = values.password;
    if (password === undefined && (!existing || interactive)) {
      if (!interactive) missing('password');
      password = await ask(existing ? 'New password (leave empty to keep the current one): ' : 'Password: ', true);
      if (!existing || password) {
        const again = await ask('Password (again): ', true);
        if (again !== password) throw new Error('Passwords do not match.');
      }
      if (existing && !password) password = undefined;
    }
    if (password !== undefined) {
      const problems = registrationProblems({ email: parsedEmail.data, password, full_name: fullName });
      if (Object.keys(problems).length) throw new Error(Object.values(problems).flat().join('\n'));
    }
    if (!fullName.trim()) throw new Error('The full name may not be blank.');

    if (existing) {
      await repos.users.update(existing.id, {
        is_superuser: 1,
        is_staff: 1,
        is_active: 1,
        ...(password !== undefined ? { password_hash: await hashPassword(password) } : {}),
      });
      console.log(`${existing.email} is now a superuser.`);
    } else {
      await repos.users.create({
        email: parsedEmail.data,
        password_hash: await hashPassword(password!),
        full_name: fullName.trim(),
        bio: '',
        phone_number: '',
        is_superuser: 1,
        is_staff: 1,
        is_active: 1,
      });
      console.log(`Superuser ${parsedEmail.data} created.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Error: ${(error as Error).message}`);
  process.exit(1);
});
