/**
 * What `npm run createsuperuser` does, apart from its terminal: create a superuser, or promote
 * an existing account. Anyone can register an address before the operator promotes it (there
 * is no email verification), so promoting says when and under which name the account was
 * registered, asks first (or needs `--yes`), and signs the account out everywhere: whoever
 * registered it keeps no session into the new rights. Same rules as registration.
 */
import { emailSchema } from '../../src/contract/session';
import { hashPassword, registrationProblems } from '../lib/passwords';
import type { Repositories } from '../repositories';

export interface SuperuserInput {
  email?: string;
  password?: string;
  fullName?: string;
  /** Promote an existing account without asking (scripts). */
  yes?: boolean;
}

/** The command's terminal: questions are asked only when `interactive`. */
export interface SuperuserTerminal {
  interactive: boolean;
  ask(question: string, hidden?: boolean): Promise<string>;
  say(line: string): void;
}

export type SuperuserOutcome = 'created' | 'promoted' | 'cancelled';

export class SuperuserError extends Error {}

const day = (iso: string) => iso.slice(0, 10);

export async function createSuperuser(repos: Repositories, input: SuperuserInput, terminal: SuperuserTerminal): Promise<SuperuserOutcome> {
  const missing = (name: string): never => {
    throw new SuperuserError(`--${name} is required when no terminal is attached.`);
  };
  const email = input.email ?? (terminal.interactive ? await terminal.ask('Email: ') : missing('email'));
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success) throw new SuperuserError('Enter a valid email address.');

  const existing = await repos.users.findByEmail(parsedEmail.data);
  if (existing) {
    terminal.say(
      `An account already uses ${existing.email}: "${existing.full_name}", registered on ${day(existing.date_joined)}` +
        `${existing.is_superuser ? ', already a superuser' : ''}${existing.is_active ? '' : ', deactivated'}.`,
    );
    if (!input.yes) {
      if (!terminal.interactive) throw new SuperuserError('Run again with --yes to promote it to superuser (it will be signed out everywhere).');
      const answer = await terminal.ask('Promote it to superuser and sign it out everywhere? [y/N] ');
      if (!/^y(es)?$/i.test(answer.trim())) {
        terminal.say('Nothing was changed.');
        return 'cancelled';
      }
    }
  }

  const fullName = input.fullName ?? existing?.full_name ?? (terminal.interactive ? await terminal.ask('Full name: ') : 'Administrator');
  let password = input.password;
  if (password === undefined && (!existing || terminal.interactive)) {
    if (!terminal.interactive) missing('password');
    password = await terminal.ask(existing ? 'New password (leave empty to keep the current one): ' : 'Password: ', true);
    if (!existing || password) {
      const again = await terminal.ask('Password (again): ', true);
      if (again !== password) throw new SuperuserError('Passwords do not match.');
    }
    if (existing && !password) password = undefined;
  }
  if (password !== undefined) {
    const problems = registrationProblems({ email: parsedEmail.data, password, full_name: fullName });
    if (Object.keys(problems).length) throw new SuperuserError(Object.values(problems).flat().join('\n'));
  }
  if (!fullName.trim()) throw new SuperuserError('The full name may not be blank.');

  const password_hash = password === undefined ? undefined : await hashPassword(password);
  if (existing) {
    await repos.transaction(async (tx) => {
      await tx.users.update(existing.id, { is_superuser: 1, is_staff: 1, is_active: 1, ...(password_hash ? { password_hash } : {}) });
      await tx.users.signOutEverywhere(existing.id);
    });
    terminal.say(`${existing.email} is now a superuser, signed out everywhere.`);
    return 'promoted';
  }
  await repos.users.create({
    email: parsedEmail.data,
    password_hash: password_hash!,
    full_name: fullName.trim(),
    bio: '',
    phone_number: '',
    is_superuser: 1,
    is_staff: 1,
    is_active: 1,
  });
  terminal.say(`Superuser ${parsedEmail.data} created.`);
  return 'created';
}
