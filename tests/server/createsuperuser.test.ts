/**
 * The createsuperuser command's work (server/cli/superuser.ts) on a real database: promoting an
 * account someone registered before the operator asks first (or needs --yes), says when it
 * was registered, and signs the registrant out everywhere (issue 32, point 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuperuser, SuperuserError, type SuperuserTerminal } from '../../server/cli/superuser';
import { call, createTestApp, createUser, login, TEST_PASSWORD, type TestApp } from '../helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A terminal that answers from a list and records what the command says and asks. */
function terminal(answers: string[], interactive = true): SuperuserTerminal & { lines: string[]; questions: string[] } {
  const lines: string[] = [];
  const questions: string[] = [];
  return {
    interactive,
    lines,
    questions,
    ask: async (question) => {
      questions.push(question);
      return answers.shift() ?? '';
    },
    say: (line) => lines.push(line),
  };
}

const createBook = (access: string) =>
  call(t, 'POST', '/api/books/books/', { token: access, body: { title: 'Port placement', author: 'Registrant', description: '' } });
const refresh = (token: string) => call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: token } });

async function registrantWithSession(email: string) {
  const user = await createUser(t, { email, full_name: 'Early Registrant' });
  await t.db.kysely.updateTable('users').set({ date_joined: '2026-03-14T09:30:00.000Z' }).where('id', '=', user.id).execute();
  return { user, session: await login(t, email) };
}

describe('createsuperuser on an address that already has an account', () => {
  it('promotes only with --yes when no terminal is attached, and says when the account was registered', async () => {
    const { session } = await registrantWithSession('chief-to-be@institute.example');
    const io = terminal([], false);
    await expect(createSuperuser(t.app.repos, { email: 'chief-to-be@institute.example', password: 'Hasson-Entry-2026' }, io)).rejects.toThrow(SuperuserError);
    expect(io.lines.join('\n')).toContain('An account already uses chief-to-be@institute.example: "Early Registrant", registered on 2026-03-14.');
    // Refused: nothing changed, the registrant is no superuser and keeps their session.
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: session.access })).json()).toMatchObject({ is_superuser: false });
    expect((await createBook(session.access)).statusCode).toBe(403);

    const scripted = terminal([], false);
    expect(await createSuperuser(t.app.repos, { email: 'chief-to-be@institute.example', password: 'Hasson-Entry-2026', yes: true }, scripted)).toBe('promoted');
    expect(scripted.lines.at(-1)).toBe('chief-to-be@institute.example is now a superuser, signed out everywhere.');
  });

  it("signs the registrant out everywhere: their old access token gets no superuser's rights, their refresh token no new pair", async () => {
    const { session } = await registrantWithSession('registered-first@institute.example');
    await createSuperuser(t.app.repos, { email: 'registered-first@institute.example', password: 'Hasson-Entry-2026', yes: true }, terminal([], false));
    expect((await createBook(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    // The operator signs in with the password just set, as a superuser.
    await expect(login(t, 'registered-first@institute.example')).rejects.toThrow(/401/);
    const operator = await login(t, 'registered-first@institute.example', 'Hasson-Entry-2026');
    expect((await createBook(operator.access)).statusCode).toBe(201);
  });

  it('asks in a terminal and changes nothing unless the answer is yes', async () => {
    const { session } = await registrantWithSession('asked@institute.example');
    const declined = terminal(['n']);
    expect(await createSuperuser(t.app.repos, { email: 'asked@institute.example', password: 'Hasson-Entry-2026' }, declined)).toBe('cancelled');
    expect(declined.questions).toEqual(['Promote it to superuser and sign it out everywhere? [y/N] ']);
    expect(declined.lines).toContain('Nothing was changed.');
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: session.access })).json()).toMatchObject({ is_superuser: false });
    expect(await login(t, 'asked@institute.example', TEST_PASSWORD)).toHaveProperty('access');

    const accepted = terminal(['y', '']);
    expect(await createSuperuser(t.app.repos, { email: 'asked@institute.example' }, accepted)).toBe('promoted');
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: session.access })).statusCode).toBe(401);
    // No new password was typed: the current one stays, now a superuser's.
    const promoted = await login(t, 'asked@institute.example', TEST_PASSWORD);
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: promoted.access })).json()).toMatchObject({ is_superuser: true, is_staff: true });
  });
});

describe('createsuperuser on a new address', () => {
  it('creates the superuser without asking about an account', async () => {
    const io = terminal([], false);
    expect(await createSuperuser(t.app.repos, { email: 'New.Chief@institute.example', password: 'Hasson-Entry-2026', fullName: 'New Chief' }, io)).toBe(
      'created',
    );
    expect(io.lines).toEqual(['Superuser new.chief@institute.example created.']);
    const { access } = await login(t, 'new.chief@institute.example', 'Hasson-Entry-2026');
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: access })).json()).toMatchObject({ is_superuser: true, full_name: 'New Chief' });
  });
});
