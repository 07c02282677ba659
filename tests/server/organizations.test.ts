import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createUser, createTestApp, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let orgId: number;
let owner: { access: string };
let admin: { access: string };
let member: { access: string };
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { organization } = await createOrganization(t, 'Coastal Medical College', 'owner@coastal.example');
  orgId = organization.id;
  adminId = (await createUser(t, { email: 'admin@coastal.example', full_name: 'Dr Admin', organization: { id: orgId, role: 'admin' } })).id;
  await createUser(t, { email: 'member@coastal.example', full_name: 'Dr Member', organization: { id: orgId, role: 'member' } });
  await createUser(t, { email: 'free@x.example', full_name: 'Dr Free' });
  const other = await createOrganization(t, 'Hill Hospital', 'owner@hill.example');
  await createUser(t, { email: 'taken@hill.example', organization: { id: other.organization.id, role: 'member' } });
  owner = await login(t, 'owner@coastal.example');
  admin = await login(t, 'admin@coastal.example');
  member = await login(t, 'member@coastal.example');
});
afterAll(() => t.close());

const usersUrl = () => `/api/accounts/organizations/${orgId}/users/`;
const addUrl = () => `/api/accounts/organizations/${orgId}/add-member/`;

describe('GET /api/accounts/organizations/:orgId/users/', () => {
  it('lists the members with the fields of the spec, for the owner and admins', async () => {
    for (const session of [owner, admin]) {
      const res = await call(t, 'GET', usersUrl(), { token: session.access });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ count: 3, next: null, previous: null });
      expect(body.results.map((r: { email: string; role_in_organization: string }) => [r.email, r.role_in_organization])).toEqual([
        ['owner@coastal.example', 'owner'],
        ['admin@coastal.example', 'admin'],
        ['member@coastal.example', 'member'],
      ]);
      expect(Object.keys(body.results[1]).sort()).toEqual(['email', 'full_name', 'id', 'organization_membership_id', 'role_in_organization']);
    }
  });

  it('refuses plain members', async () => {
    const res = await call(t, 'GET', usersUrl(), { token: member.access });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });
});

describe('POST /api/accounts/organizations/:orgId/add-member/', () => {
  it('adds an account with no organization and answers the membership', async () => {
    const res = await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'Free@X.example', role: 'admin' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), user: { id: expect.any(Number), email: 'free@x.example', full_name: 'Dr Free' }, role: 'admin' });
    const list = await call(t, 'GET', usersUrl(), { token: owner.access });
    expect(list.json().count).toBe(4);
  });

  it.each([
    ['an unknown email', 'nobody@x.example', 'No account uses this email address. Ask the person to register first.'],
    ['a member of this organization', 'member@coastal.example', 'This user is already a member of this organization.'],
    ['a member of another organization', 'taken@hill.example', 'This user already belongs to another organization.'],
  ])('says why it cannot add %s', async (_case, email, message) => {
    const res = await call(t, 'POST', addUrl(), { token: owner.access, body: { email, role: 'member' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [message] });
  });

  it('only assigns member or admin', async () => {
    await createUser(t, { email: 'would-be-owner@x.example' });
    const res = await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'would-be-owner@x.example', role: 'owner' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().role[0]).toMatch(/not a valid choice/);
    const missing = await call(t, 'POST', addUrl(), { token: owner.access, body: {} });
    expect(missing.json()).toEqual({ email: ['This field is required.'], role: ['This field is required.'] });
  });

  it('refuses plain members', async () => {
    await createUser(t, { email: 'another@x.example' });
    const res = await call(t, 'POST', addUrl(), { token: member.access, body: { email: 'another@x.example', role: 'member' } });
    expect(res.statusCode).toBe(403);
    expect(await t.app.repos.organizations.findMembershipOfUser((await t.app.repos.users.findByEmail('another@x.example'))!.id)).toBeUndefined();
  });
});

describe('DELETE /api/accounts/organizations/:orgId/members/:membershipId/', () => {
  async function membershipOf(email: string) {
    const user = await t.app.repos.users.findByEmail(email);
    return (await t.app.repos.organizations.findMembershipOfUser(user!.id))!;
  }

  it('removes a member, who loses access at once', async () => {
    await createUser(t, { email: 'leaving@x.example', organization: { id: orgId, role: 'admin' } });
    const leaving = await login(t, 'leaving@x.example');
    const membership = await membershipOf('leaving@x.example');
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgId}/members/${membership.id}/`, { token: owner.access });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(t, 'GET', usersUrl(), { token: leaving.access })).statusCode).toBe(403);
    const profile = (await call(t, 'GET', '/api/accounts/profile/', { token: leaving.access })).json();
    expect(profile.organization_id).toBeNull();
  });

  it('never removes oneself', async () => {
    const membership = await membershipOf('admin@coastal.example');
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgId}/members/${membership.id}/`, { token: admin.access });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'You cannot remove yourself from the organization.' });
    expect((await t.app.repos.organizations.findMembershipOfUser(adminId))?.id).toBe(membership.id);
  });

  it('never removes the owner', async () => {
    const membership = await membershipOf('owner@coastal.example');
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgId}/members/${membership.id}/`, { token: admin.access });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "The organization's owner cannot be removed." });
  });

  it('answers 404 for a membership of another organization, and removes nothing', async () => {
    const foreign = await membershipOf('taken@hill.example');
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgId}/members/${foreign.id}/`, { token: owner.access });
    expect(res.statusCode).toBe(404);
    expect((await membershipOf('taken@hill.example')).id).toBe(foreign.id);
  });

  it('answers 404 for ids that are not numbers', async () => {
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgId}/members/abc/`, { token: owner.access });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
