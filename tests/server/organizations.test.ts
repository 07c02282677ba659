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
const invitationsUrl = () => `/api/accounts/organizations/${orgId}/invitations/`;
const answerUrl = (id: number) => `/api/accounts/invitations/${id}/answer/`;

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
  const membershipOfEmail = async (email: string) => {
    const user = await t.app.repos.users.findByEmail(email);
    return user ? t.app.repos.organizations.findMembershipOfUser(user.id) : undefined;
  };

  it('invites an existing account without adding it: no name in the answer, no membership until accepted', async () => {
    const res = await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'Free@X.example', role: 'admin' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      detail: 'Invitation sent to free@x.example.',
      invitation: { id: expect.any(Number), email: 'free@x.example', role: 'admin', created_at: expect.any(String) },
    });
    expect(res.body).not.toContain('Dr Free');
    expect(await membershipOfEmail('free@x.example')).toBeUndefined();
    expect((await call(t, 'GET', usersUrl(), { token: owner.access })).json().count).toBe(3);
  });

  it('answers an unknown address, a superuser and a member of another organization exactly like any other', async () => {
    await createUser(t, { email: 'staff@institute.example', full_name: 'The Director', superuser: true });
    const bodies: unknown[] = [];
    for (const email of ['nobody@x.example', 'staff@institute.example', 'taken@hill.example']) {
      const res = await call(t, 'POST', addUrl(), { token: admin.access, body: { email, role: 'member' } });
      expect(res.statusCode, email).toBe(201);
      const body = res.json();
      expect(body.invitation.email).toBe(email);
      bodies.push({ ...body, invitation: { ...body.invitation, id: 0, email: 'E', created_at: '' }, detail: body.detail.replace(email, 'E') });
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect((await membershipOfEmail('taken@hill.example'))?.organization_id).not.toBe(orgId);
    expect(await membershipOfEmail('staff@institute.example')).toBeUndefined();
  });

  it('says when the address is already one of its own members (the admin sees them anyway)', async () => {
    const res = await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'member@coastal.example', role: 'member' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This user is already a member of this organization.'] });
  });

  it('keeps one pending invitation per address: inviting again renews it', async () => {
    const first = (await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'twice@x.example', role: 'member' } })).json();
    const second = (await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'twice@x.example', role: 'admin' } })).json();
    expect(second.invitation.id).toBe(first.invitation.id);
    const pending = (await call(t, 'GET', invitationsUrl(), { token: owner.access })).json();
    expect(pending.results.filter((i: { email: string }) => i.email === 'twice@x.example')).toEqual([
      { id: first.invitation.id, email: 'twice@x.example', role: 'admin', created_at: expect.any(String) },
    ]);
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
    const pending = (await call(t, 'GET', invitationsUrl(), { token: owner.access })).json();
    expect(pending.results.map((i: { email: string }) => i.email)).not.toContain('another@x.example');
  });
});

describe('invitation limits', () => {
  it('limits invitations per target address and per client address, with Retry-After', async () => {
    const limited = await createTestApp({ inviteLimits: { perIp: { points: 4, seconds: 3600 }, perTarget: { points: 2, seconds: 3600 } } });
    try {
      const { organization } = await createOrganization(limited, 'Limited', 'owner@limited.example');
      const { organization: other } = await createOrganization(limited, 'Other', 'owner@other.example');
      const url = (id: number) => `/api/accounts/organizations/${id}/add-member/`;
      const ownerA = (await login(limited, 'owner@limited.example')).access;
      const ownerB = (await login(limited, 'owner@other.example')).access;
      const invite = (token: string, id: number, email: string, ip: string) => call(limited, 'POST', url(id), { token, ip, body: { email, role: 'member' } });
      // Per target: two organizations, two addresses of clients, one person.
      expect((await invite(ownerA, organization.id, 'target@x.example', '10.0.0.1')).statusCode).toBe(201);
      expect((await invite(ownerB, other.id, 'target@x.example', '10.0.0.2')).statusCode).toBe(201);
      const third = await invite(ownerB, other.id, 'target@x.example', '10.0.0.3');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      expect(third.json()).toEqual({ detail: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) });
      // Per client address: probing many addresses from one client stops.
      const statuses = [];
      for (const n of [1, 2, 3, 4]) statuses.push((await invite(ownerA, organization.id, `probe-${n}@x.example`, '10.0.0.9')).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201]);
      expect((await invite(ownerA, organization.id, 'probe-5@x.example', '10.0.0.9')).statusCode).toBe(429);
      const pending = (await call(limited, 'GET', `/api/accounts/organizations/${organization.id}/invitations/`, { token: ownerA })).json();
      expect(pending.results.map((i: { email: string }) => i.email)).not.toContain('probe-5@x.example');
    } finally {
      await limited.close();
    }
  });
});

describe('invitations: the admin lists and withdraws, the person accepts or declines', () => {
  it('lists pending invitations for admins only, and withdraws one', async () => {
    const sent = (await call(t, 'POST', addUrl(), { token: admin.access, body: { email: 'withdrawn@x.example', role: 'member' } })).json();
    expect((await call(t, 'GET', invitationsUrl(), { token: member.access })).statusCode).toBe(403);
    const listed = (await call(t, 'GET', invitationsUrl(), { token: admin.access })).json();
    expect(listed).toMatchObject({ next: null, previous: null });
    expect(listed.results).toContainEqual({ id: sent.invitation.id, email: 'withdrawn@x.example', role: 'member', created_at: expect.any(String) });
    const res = await call(t, 'DELETE', `${invitationsUrl()}${sent.invitation.id}/`, { token: admin.access });
    expect(res.statusCode).toBe(204);
    const after = (await call(t, 'GET', invitationsUrl(), { token: admin.access })).json();
    expect(after.results.map((i: { id: number }) => i.id)).not.toContain(sent.invitation.id);
    expect((await call(t, 'DELETE', `${invitationsUrl()}${sent.invitation.id}/`, { token: admin.access })).statusCode).toBe(404);
  });

  it("never withdraws another organization's invitation", async () => {
    const hill = await t.app.repos.organizations.findMembershipOfUser((await t.app.repos.users.findByEmail('owner@hill.example'))!.id);
    const hillOwner = await login(t, 'owner@hill.example');
    const theirs = (
      await call(t, 'POST', `/api/accounts/organizations/${hill!.organization_id}/add-member/`, {
        token: hillOwner.access,
        body: { email: 'hill-recruit@x.example', role: 'member' },
      })
    ).json();
    const res = await call(t, 'DELETE', `${invitationsUrl()}${theirs.invitation.id}/`, { token: owner.access });
    expect(res.statusCode).toBe(404);
    expect(await t.app.repos.organizations.findInvitation(theirs.invitation.id)).toBeDefined();
  });

  it("shows the person their invitation with the organization's name; accepting makes them a member with the role offered", async () => {
    await createUser(t, { email: 'joiner@x.example', full_name: 'Dr Joiner' });
    const sent = (await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'joiner@x.example', role: 'admin' } })).json();
    const joiner = await login(t, 'joiner@x.example');
    const mine = await call(t, 'GET', '/api/accounts/invitations/', { token: joiner.access });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      results: [{ id: sent.invitation.id, organization: { id: orgId, name: 'Coastal Medical College' }, role: 'admin', created_at: expect.any(String) }],
    });
    // Nobody else sees it, accepts it or declines it.
    for (const accept of [true, false])
      expect((await call(t, 'POST', answerUrl(sent.invitation.id), { token: member.access, body: { accept } })).statusCode).toBe(404);
    const accepted = await call(t, 'POST', answerUrl(sent.invitation.id), { token: joiner.access, body: { accept: true } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ detail: 'You joined Coastal Medical College.' });
    const profile = (await call(t, 'GET', '/api/accounts/profile/', { token: joiner.access })).json();
    expect(profile).toMatchObject({ organization_id: orgId, organization_role: 'admin' });
    const members = (await call(t, 'GET', usersUrl(), { token: owner.access })).json();
    expect(members.results).toContainEqual(expect.objectContaining({ email: 'joiner@x.example', full_name: 'Dr Joiner', role_in_organization: 'admin' }));
    expect((await call(t, 'GET', '/api/accounts/invitations/', { token: joiner.access })).json()).toEqual({ results: [] });
    expect((await call(t, 'POST', answerUrl(sent.invitation.id), { token: joiner.access, body: { accept: true } })).statusCode).toBe(404);
  });

  it('declining removes the invitation and joins nothing', async () => {
    await createUser(t, { email: 'decliner@x.example' });
    const sent = (await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'decliner@x.example', role: 'member' } })).json();
    const decliner = await login(t, 'decliner@x.example');
    const res = await call(t, 'POST', answerUrl(sent.invitation.id), { token: decliner.access, body: { accept: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Invitation declined.' });
    expect((await call(t, 'GET', '/api/accounts/invitations/', { token: decliner.access })).json()).toEqual({ results: [] });
    const pending = (await call(t, 'GET', invitationsUrl(), { token: owner.access })).json();
    expect(pending.results.map((i: { email: string }) => i.email)).not.toContain('decliner@x.example');
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: decliner.access })).json().organization_id).toBeNull();
  });

  it('someone who belongs to an organization must leave it before accepting another', async () => {
    const hillMember = await login(t, 'taken@hill.example');
    const sent = (await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'taken@hill.example', role: 'member' } })).json();
    const res = await call(t, 'POST', answerUrl(sent.invitation.id), { token: hillMember.access, body: { accept: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'You already belong to an organization: leave it before joining another.' });
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: hillMember.access })).json().organization_name).toBe('Hill Hospital');
  });

  it('an invitation of an address nobody has registered waits for the account that registers it', async () => {
    const sent = (await call(t, 'POST', addUrl(), { token: owner.access, body: { email: 'later@x.example', role: 'member' } })).json();
    await createUser(t, { email: 'later@x.example' });
    const later = await login(t, 'later@x.example');
    const mine = (await call(t, 'GET', '/api/accounts/invitations/', { token: later.access })).json();
    expect(mine.results.map((i: { id: number }) => i.id)).toEqual([sent.invitation.id]);
  });
});

describe('leaving an organization, and handing it over', () => {
  it('a member leaves and loses access at once', async () => {
    await createUser(t, { email: 'quitter@x.example', organization: { id: orgId, role: 'admin' } });
    const quitter = await login(t, 'quitter@x.example');
    const res = await call(t, 'DELETE', `/api/accounts/organizations/${orgId}/membership/`, { token: quitter.access });
    expect(res.statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: quitter.access })).json().organization_id).toBeNull();
    expect((await call(t, 'GET', usersUrl(), { token: quitter.access })).statusCode).toBe(403);
    const again = await call(t, 'DELETE', `/api/accounts/organizations/${orgId}/membership/`, { token: quitter.access });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'You are not a member of this organization.' });
  });

  it('the owner cannot leave until they have handed ownership to an admin', async () => {
    const { organization } = await createOrganization(t, 'Handover Clinic', 'owner@handover.example');
    const heir = await createUser(t, { email: 'heir@handover.example', organization: { id: organization.id, role: 'admin' } });
    await createUser(t, { email: 'plain@handover.example', organization: { id: organization.id, role: 'member' } });
    const ownerSession = await login(t, 'owner@handover.example');
    const heirSession = await login(t, 'heir@handover.example');
    const base = `/api/accounts/organizations/${organization.id}`;

    const refused = await call(t, 'DELETE', `${base}/membership/`, { token: ownerSession.access });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: "The organization's owner cannot leave it: first hand ownership to an admin." });

    const plain = (await t.app.repos.organizations.findMembershipOfUser((await t.app.repos.users.findByEmail('plain@handover.example'))!.id))!;
    const toMember = await call(t, 'POST', `${base}/transfer-ownership/`, { token: ownerSession.access, body: { membership_id: plain.id } });
    expect(toMember.statusCode).toBe(400);
    expect(toMember.json()).toEqual({ membership_id: ['Ownership can only be handed to an admin of the organization.'] });

    const heirMembership = (await t.app.repos.organizations.findMembershipOfUser(heir.id))!;
    const byAdmin = await call(t, 'POST', `${base}/transfer-ownership/`, { token: heirSession.access, body: { membership_id: heirMembership.id } });
    expect(byAdmin.statusCode).toBe(403);

    const handed = await call(t, 'POST', `${base}/transfer-ownership/`, { token: ownerSession.access, body: { membership_id: heirMembership.id } });
    expect(handed.statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: heirSession.access })).json().organization_role).toBe('owner');
    expect((await t.app.repos.organizations.findById(organization.id))?.owner_id).toBe(heir.id);

    const left = await call(t, 'DELETE', `${base}/membership/`, { token: ownerSession.access });
    expect(left.statusCode).toBe(204);
    const members = (await call(t, 'GET', `${base}/users/`, { token: heirSession.access })).json();
    expect(members.results.map((m: { email: string; role_in_organization: string }) => [m.email, m.role_in_organization])).toEqual([
      ['heir@handover.example', 'owner'],
      ['plain@handover.example', 'member'],
    ]);
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
