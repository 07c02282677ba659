import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createTestApp, createUser, login, TEST_PASSWORD, type TestApp } from '../helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ACCESS_TOKEN_LIFETIME: '600' } });
});
afterAll(() => t.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: 'Trainee.One@Hospital.example ',
  password: 'Pneumoperitoneum-12',
  password2: 'Pneumoperitoneum-12',
  full_name: 'Trainee One',
  bio: 'Second-year surgery resident',
  phone_number: '+91 80 2345 6789',
  ...overrides,
});

describe('POST /api/accounts/register/', () => {
  it('creates an individual account, stores the email trimmed and lower-cased, and signs in', async () => {
    const res = await call(t, 'POST', '/api/accounts/register/', { body: registration() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toEqual({
      user_id: expect.any(Number),
      email: 'trainee.one@hospital.example',
      full_name: 'Trainee One',
      organization_id: null,
      organization_name: null,
      organization_role: null,
      is_superuser: false,
      is_staff: false,
    });
    expect(decodeJwt(body.access)).toMatchObject({ token_type: 'access', email: 'trainee.one@hospital.example', jti: expect.any(String) });
    expect(decodeJwt(body.refresh)).toMatchObject({ token_type: 'refresh' });
    const profile = await call(t, 'GET', '/api/accounts/profile/', { token: body.access });
    expect(profile.json()).toMatchObject({ email: 'trainee.one@hospital.example', bio: 'Second-year surgery resident', phone_number: '+91 80 2345 6789' });
  });

  it('creates an organization owned by the new user when organization_name is given', async () => {
    const res = await call(t, 'POST', '/api/accounts/register/', {
      body: registration({ email: 'head@district.example', full_name: 'Head of Surgery', organization_name: 'District Hospital' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ organization_name: 'District Hospital', organization_role: 'owner', organization_id: expect.any(Number) });
    expect(decodeJwt(res.json().access)).toMatchObject({ organization_name: 'District Hospital', organization_role: 'owner' });
  });

  it('refuses an email that differs only in case', async () => {
    const res = await call(t, 'POST', '/api/accounts/register/', { body: registration({ email: 'TRAINEE.ONE@hospital.example' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['A user with this email already exists.'] });
  });

  it('says when the passwords do not match', async () => {
    const res = await call(t, 'POST', '/api/accounts/register/', { body: registration({ email: 'a2@x.example', password2: 'Different-Password-9' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().password2).toEqual(['Passwords do not match.']);
  });

  it.each([
    ['short', 'Ab1!', 'This password is too short. It must contain at least 8 characters.'],
    ['numeric', '8301947265', 'This password is entirely numeric.'],
    ['common', 'password123', 'This password is too common.'],
    ['similar to the email', 'surgeon.rao', 'The password is too similar to the email address.'],
  ])('applies the default password rules: %s', async (_name, password, message) => {
    const res = await call(t, 'POST', '/api/accounts/register/', {
      body: registration({ email: 'surgeon.rao@hospital.example', full_name: 'Surgeon Rao', password, password2: password }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().password).toContain(message);
  });

  it('requires the fields of the spec and says which are missing', async () => {
    const res = await call(t, 'POST', '/api/accounts/register/', { body: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    for (const field of ['email', 'password', 'password2', 'full_name']) expect(body[field]).toEqual(['This field is required.']);
    expect(body.bio).toBeUndefined();
  });

  it('refuses mass assignment of is_superuser, role or owner', async () => {
    const res = await call(t, 'POST', '/api/accounts/register/', {
      body: registration({ email: 'sneaky@x.example', is_superuser: true, is_staff: true, role: 'owner' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ is_superuser: ['Unknown field.'], role: ['Unknown field.'] });
    expect(await t.app.repos.users.findByEmail('sneaky@x.example')).toBeUndefined();
  });

  it('does not coerce types', async () => {
    const res = await call(t, 'POST', '/api/accounts/register/', { body: registration({ email: 'types@x.example', full_name: 12345 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().full_name).toEqual(['Not a valid string.']);
  });
});

describe('POST /api/accounts/login/', () => {
  beforeAll(async () => {
    await createUser(t, { email: 'reader@x.example', full_name: 'Reader' });
  });

  it('answers an access and a refresh token with the session claims', async () => {
    const res = await call(t, 'POST', '/api/accounts/login/', { body: { email: ' Reader@X.example', password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().access);
    expect(claims).toMatchObject({
      user_id: expect.any(Number),
      email: 'reader@x.example',
      full_name: 'Reader',
      organization_id: null,
      organization_name: null,
      organization_role: null,
      is_superuser: false,
      is_staff: false,
      token_type: 'access',
    });
    expect(claims.exp! - claims.iat!).toBe(600);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await call(t, 'POST', '/api/accounts/login/', { body: { email: 'reader@x.example', password: 'nope-nope-nope' }, ip: '10.9.0.1' });
    const unknown = await call(t, 'POST', '/api/accounts/login/', { body: { email: 'ghost@x.example', password: 'nope-nope-nope' }, ip: '10.9.0.1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe('No active account found with the given credentials');
  });

  it('limits failed logins per IP and account with 429 and Retry-After, while the real user elsewhere still gets in', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await call(t, 'POST', '/api/accounts/login/', { body: { email: 'reader@x.example', password: `guess-${i}-wrong` }, ip: '10.1.1.1' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await call(t, 'POST', '/api/accounts/login/', { body: { email: 'reader@x.example', password: TEST_PASSWORD }, ip: '10.1.1.1' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().detail).toMatch(/Too many attempts/);
    const elsewhere = await call(t, 'POST', '/api/accounts/login/', { body: { email: 'reader@x.example', password: TEST_PASSWORD }, ip: '10.2.2.2' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers 400 for empty fields without counting them as failed logins', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await call(t, 'POST', '/api/accounts/login/', { body: { email: 'reader@x.example', password: '' }, ip: '10.4.4.4' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ password: ['This field may not be blank.'] });
    }
    const empty = await call(t, 'POST', '/api/accounts/login/', { body: { email: '  ', password: 'x' }, ip: '10.4.4.4' });
    expect(empty.json()).toEqual({ email: ['This field may not be blank.'] });
    const real = await call(t, 'POST', '/api/accounts/login/', { body: { email: 'reader@x.example', password: TEST_PASSWORD }, ip: '10.4.4.4' });
    expect(real.statusCode).toBe(200);
  });

  it('limits failed logins per IP across accounts', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await call(t, 'POST', '/api/accounts/login/', { body: { email: `spray${i}@x.example`, password: 'Spray-attempt-1' }, ip: '10.3.3.3' });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('access and refresh tokens', () => {
  let user: { access: string; refresh: string };
  beforeAll(async () => {
    await createUser(t, { email: 'tokens@x.example' });
    user = await login(t, 'tokens@x.example');
  });

  it('rotates the refresh token on every use', async () => {
    const first = await call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: user.refresh } });
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refresh).not.toBe(user.refresh);
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: pair.access })).statusCode).toBe(200);
    const second = await call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: pair.refresh } });
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated-out refresh token is presented again', async () => {
    const session = await login(t, 'tokens@x.example');
    const rotated = (await call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: session.refresh } })).json();
    // Presented again after the reuse grace window (a retry within it is answered, see sessions.test.ts).
    await t.db.kysely
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 31_000).toISOString() })
      .where('rotated_at', 'is not', null)
      .execute();
    const replay = await call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: session.refresh } });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's newer token.
    const legit = await call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: rotated.refresh } });
    expect(legit.statusCode).toBe(401);
  });

  it('refuses a token of the wrong type in both directions', async () => {
    const session = await login(t, 'tokens@x.example');
    expect((await call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: session.access } })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: session.refresh })).statusCode).toBe(401);
  });

  it('refuses tokens signed with another key or another algorithm', async () => {
    const session = await login(t, 'tokens@x.example');
    const claims = decodeJwt(session.access);
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-another-secret-1234'));
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: forged })).statusCode).toBe(401);
    const [, payload] = session.access.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: unsigned })).statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const session = await login(t, 'tokens@x.example');
    const out = await call(t, 'POST', '/api/accounts/logout/', { body: { refresh: session.refresh } });
    expect(out.statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: session.refresh } })).statusCode).toBe(401);
  });

  it('logout is idempotent: the same refresh token sent again (a queued offline logout, a lost answer) answers signed out', async () => {
    const session = await login(t, 'tokens@x.example');
    const first = await call(t, 'POST', '/api/accounts/logout/', { body: { refresh: session.refresh } });
    const again = await call(t, 'POST', '/api/accounts/logout/', { body: { refresh: session.refresh } });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual({ detail: 'Signed out.' });
    expect((await call(t, 'POST', '/api/accounts/token/refresh/', { body: { refresh: session.refresh } })).statusCode).toBe(401);
    const forged = `${session.refresh.slice(0, -4)}AAAA`;
    expect((await call(t, 'POST', '/api/accounts/logout/', { body: { refresh: forged } })).statusCode).toBe(400);
  });

  it('answers 401 without a token and with a malformed one', async () => {
    expect((await call(t, 'GET', '/api/accounts/profile/')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/accounts/profile/', { token: 'not.a.jwt' })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/accounts/profile/', { headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });

  it('expires access tokens after their lifetime', async () => {
    const short = await createTestApp({ env: { ACCESS_TOKEN_LIFETIME: '5' } });
    try {
      await createUser(short, { email: 'short@x.example' });
      const session = await login(short, 'short@x.example');
      expect((await call(short, 'GET', '/api/accounts/profile/', { token: session.access })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 6_100));
      expect((await call(short, 'GET', '/api/accounts/profile/', { token: session.access })).statusCode).toBe(401);
      const refreshed = await call(short, 'POST', '/api/accounts/token/refresh/', { body: { refresh: session.refresh } });
      expect((await call(short, 'GET', '/api/accounts/profile/', { token: refreshed.json().access })).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('reads authorization from the database, not from the claims', async () => {
    const { organization } = await createOrganization(t, 'Claims Hospital', 'claims-owner@x.example');
    const admin = await createUser(t, { email: 'claims-admin@x.example', organization: { id: organization.id, role: 'admin' } });
    const session = await login(t, 'claims-admin@x.example');
    expect((await call(t, 'GET', `/api/accounts/organizations/${organization.id}/users/`, { token: session.access })).statusCode).toBe(200);
    const membership = await t.app.repos.organizations.findMembershipOfUser(admin.id);
    await t.app.repos.organizations.removeMembership(membership!.id);
    // The token still says "admin"; the database says otherwise.
    expect((await call(t, 'GET', `/api/accounts/organizations/${organization.id}/users/`, { token: session.access })).statusCode).toBe(403);
  });
});
