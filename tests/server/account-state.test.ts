/**
 * A request's user is read again only when an account, membership or organization has been
 * written since it was last read (server/repositories/users.ts, migrations/006-account-state.ts).
 * Every such write must be seen by the very next request, whoever made it: here the writes
 * come from a second connection to the same database, as another instance behind the proxy
 * or the command-line tools would make them, bypassing this app's repositories.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { call, createOrganization, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let other: Db;

beforeAll(async () => {
  t = await createTestApp();
  other = openDatabase({ ...t.config, pgSchema: t.db.schema });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const profile = async (token: string) => {
  const res = await call(t, 'GET', '/api/accounts/profile/', { token });
  return { status: res.statusCode, body: res.json() };
};

describe('the signed-in user, as the database holds them at each request', () => {
  it('refuses the next request of an account deactivated elsewhere, and its old token after reactivation too', async () => {
    const user = await createUser(t, { email: 'deactivated@state.example' });
    const { access } = await login(t, 'deactivated@state.example');
    expect((await profile(access)).status).toBe(200);
    expect((await profile(access)).status).toBe(200);
    await other.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect((await profile(access)).status).toBe(401);
    await other.kysely.updateTable('users').set({ is_active: 1 }).where('id', '=', user.id).execute();
    expect((await profile(access)).status).toBe(401);
    expect((await profile((await login(t, 'deactivated@state.example')).access)).status).toBe(200);
  });

  it("takes a superuser's rights away at once when another writer does", async () => {
    const user = await createUser(t, { email: 'former-su@state.example', superuser: true });
    const { access } = await login(t, 'former-su@state.example');
    const create = () => call(t, 'POST', '/api/books/books/', { token: access, body: { title: 'Trocar sites', author: 'A. Surgeon', description: '' } });
    expect((await create()).statusCode).toBe(201);
    await other.kysely.updateTable('users').set({ is_superuser: 0 }).where('id', '=', user.id).execute();
    const refused = await create();
    expect(refused.statusCode).toBe(403);
  });

  it('shows a role, an organization name and a removed membership changed elsewhere at once', async () => {
    const { organization } = await createOrganization(t, 'Ward Seven', 'owner@state.example');
    const member = await createUser(t, { email: 'member@state.example', organization: { id: organization.id, role: 'member' } });
    const { access } = await login(t, 'member@state.example');
    expect((await profile(access)).body).toMatchObject({ organization_name: 'Ward Seven', organization_role: 'member' });

    await other.kysely.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', member.id).execute();
    expect((await profile(access)).body).toMatchObject({ organization_role: 'admin' });
    // The admin may now list the members, as the very next request shows.
    expect((await call(t, 'GET', `/api/accounts/organizations/${organization.id}/users/`, { token: access })).statusCode).toBe(200);

    await other.kysely.updateTable('organizations').set({ name: 'Ward Eight' }).where('id', '=', organization.id).execute();
    expect((await profile(access)).body).toMatchObject({ organization_name: 'Ward Eight' });

    await other.kysely.deleteFrom('memberships').where('user_id', '=', member.id).execute();
    expect((await profile(access)).body).toMatchObject({ organization_id: null, organization_role: null });
    expect((await call(t, 'GET', `/api/accounts/organizations/${organization.id}/users/`, { token: access })).statusCode).toBe(403);
  });

  it('sees an account changed through the API by its next request too', async () => {
    await createUser(t, { email: 'renamed@state.example' });
    const { access } = await login(t, 'renamed@state.example');
    expect((await profile(access)).body.full_name).toBe('renamed');
    const updated = await call(t, 'PATCH', '/api/accounts/profile/', { token: access, body: { full_name: 'Dr Renamed' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await profile(access)).body.full_name).toBe('Dr Renamed');
  });
});
