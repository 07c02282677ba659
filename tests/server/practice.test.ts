/**
 * The endotrainer practice log (issue 37) against a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): superuser-only drills, idempotent batches of repetitions scored by the
 * server, validation that stores nothing, ownership, verification by the member's organization
 * admins only, verified repetitions immutable, and the practice parts of the progress view and
 * its two CSVs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRow } from '../../src/contract/progress';
import { type Drill, type Repetition, inPerformedOrder, proficiencyOf } from '../../src/contract/practice';
import { migrateToLatest } from '../../server/db/migrate';
import { createRepositories } from '../../server/repositories';
import { databaseMigratedTo, insertLearnerAndQuiz } from '../helpers/migrated-to';
import { call, createOrganization, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';

let t: TestApp;
let orgId: number;
let hillId: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const memberships: Record<string, number> = {};
let peg: Drill;

const DRILLS = '/api/practice/drills/';
const MINE = '/api/practice/my-repetitions/';

async function signIn(key: string, email: string) {
  tokens[key] = (await login(t, email, undefined, `10.0.3.${Object.keys(tokens).length + 1}`)).access;
}

beforeAll(async () => {
  t = await createTestApp();
  const coastal = await createOrganization(t, 'Coastal Medical College', 'owner@coastal.example');
  orgId = coastal.organization.id;
  ids.owner = coastal.owner.id;
  for (const [key, name, role] of [
    ['ravi', 'Ravi Kumar', 'member'],
    ['sunil', 'Sunil Rao', 'member'],
    ['admin', 'Admin Anand', 'admin'],
  ] as const)
    ids[key] = (await createUser(t, { email: `${key}@coastal.example`, full_name: name, organization: { id: orgId, role } })).id;
  const hill = await createOrganization(t, 'Hill Hospital', 'owner@hill.example');
  hillId = hill.organization.id;
  ids.hillAdmin = (await createUser(t, { email: 'admin@hill.example', full_name: 'Hill Admin', organization: { id: hillId, role: 'admin' } })).id;
  ids.su = (await createUser(t, { email: 'su@institute.example', full_name: 'Staff', superuser: true })).id;
  await signIn('owner', 'owner@coastal.example');
  for (const key of ['ravi', 'sunil', 'admin']) await signIn(key, `${key}@coastal.example`);
  await signIn('hillAdmin', 'admin@hill.example');
  await signIn('su', 'su@institute.example');
  for (const key of ['ravi', 'sunil', 'admin', 'owner']) memberships[key] = (await t.app.repos.organizations.findMembershipOfUser(ids[key]!))!.id;
  memberships.hillAdmin = (await t.app.repos.organizations.findMembershipOfUser(ids.hillAdmin!))!.id;
});
afterAll(() => t.close());

const instructions = lexicalDocument(textParagraph('Six pegs across and back.'));

const pegBody = () => ({
  name: 'Peg transfer',
  instructions,
  target_seconds: 48,
  penalties: [
    { id: 'peg-dropped', label: 'Peg dropped outside the field of view', seconds: 10 },
    { id: 'wrong-hand', label: 'Transferred with one hand', seconds: 5 },
  ],
});

async function newDrill(body: Record<string, unknown>): Promise<Drill> {
  const res = await call(t, 'POST', DRILLS, { token: tokens.su, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const rep = (drill: number, timeMs: number, options: { penalties?: { penalty: string; count: number }[]; at?: string; id?: string } = {}) => ({
  client_id: options.id ?? randomUUID(),
  drill,
  time_ms: timeMs,
  penalties: options.penalties ?? [],
  performed_at: options.at ?? minutesAgo(30),
});
const send = (token: string | undefined, repetitions: unknown[]) => call(t, 'POST', MINE, { token, body: { repetitions } });
const stored = async (user: number) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('repetitions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user)
        .executeTakeFirst()
    )?.n,
  );
const mine = async (token: string, query = '') => {
  const res = await call(t, 'GET', `${MINE}${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; results: Repetition[] };
};

describe('/api/practice/drills/', () => {
  it('lets only superusers create, replace and delete drills, and every signed-in user read them', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [tokens.ravi, 403],
      [tokens.admin, 403],
      [tokens.owner, 403],
    ] as const)
      expect((await call(t, 'POST', DRILLS, { token, body: pegBody() })).statusCode).toBe(status);
    peg = await newDrill(pegBody());
    expect(peg).toMatchObject({ name: 'Peg transfer', target_seconds: 48, consecutive_passes: 2, further_passes: 10, max_repetitions: null, instructions });
    const spare = await newDrill({ name: 'Spare', target_seconds: 60 });
    expect(spare).toMatchObject({ penalties: [], instructions: null });

    expect((await call(t, 'GET', DRILLS)).statusCode).toBe(401);
    const list = await call(t, 'GET', DRILLS, { token: tokens.ravi });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.json().results.map((d: Drill) => d.name)).toEqual(['Peg transfer', 'Spare']);
    expect((await call(t, 'GET', `${DRILLS}${peg.id}/`, { token: tokens.sunil })).json()).toEqual(peg);

    const url = `${DRILLS}${spare.id}/`;
    const changed = { name: 'Spare, renamed', target_seconds: 90, max_repetitions: 5 };
    expect((await call(t, 'PUT', url, { token: tokens.admin, body: changed })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', url, { token: tokens.ravi })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', url)).statusCode).toBe(401);
    const put = await call(t, 'PUT', url, { token: tokens.su, body: changed });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: spare.id, name: 'Spare, renamed', target_seconds: 90, max_repetitions: 5 });
    expect((await call(t, 'DELETE', url, { token: tokens.su })).statusCode).toBe(204);
    expect((await call(t, 'GET', url, { token: tokens.su })).statusCode).toBe(404);
    expect((await call(t, 'PUT', url, { token: tokens.su, body: changed })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', url, { token: tokens.su })).statusCode).toBe(404);
  });

  it('checks instructions as a chapter’s content, and the target, penalties and rule', async () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ ...pegBody(), instructions: { text: 'plain' } }, 'instructions'],
      [{ ...pegBody(), instructions: { root: { type: 'root', children: [{ type: 'script', version: 1 }] } } }, 'instructions'],
      [{ ...pegBody(), target_seconds: 0 }, 'target_seconds'],
      [{ ...pegBody(), penalties: [pegBody().penalties[0], pegBody().penalties[0]] }, 'penalties'],
      [{ ...pegBody(), penalties: [{ id: 'Peg Dropped', label: 'x', seconds: 10 }] }, 'penalties'],
      [{ ...pegBody(), consecutive_passes: 0 }, 'consecutive_passes'],
      [{ ...pegBody(), max_repetitions: 0 }, 'max_repetitions'],
      [{ ...pegBody(), owner: 1 }, 'owner'],
    ];
    for (const [body, field] of refused) {
      const res = await call(t, 'POST', DRILLS, { token: tokens.su, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toEqual([field]);
    }
    expect((await call(t, 'GET', DRILLS, { token: tokens.su })).json().count).toBe(1);
  });
});

describe('POST /api/practice/my-repetitions/', () => {
  it('scores each repetition: time plus the penalties, a pass at or under the target', async () => {
    const atTarget = rep(peg.id, 38_000, { penalties: [{ penalty: 'peg-dropped', count: 1 }] });
    const over = rep(peg.id, 40_000, {
      penalties: [
        { penalty: 'peg-dropped', count: 1 },
        { penalty: 'wrong-hand', count: 2 },
      ],
    });
    const res = await send(tokens.ravi, [atTarget, over]);
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().repetitions as Repetition[];
    expect(res.json().ignored).toEqual([]);
    expect(first).toMatchObject({
      client_id: atTarget.client_id,
      drill: peg.id,
      time_ms: 38_000,
      penalties: [{ penalty: 'peg-dropped', label: 'Peg dropped outside the field of view', seconds: 10, count: 1 }],
      score_ms: 48_000,
      target_seconds: 48,
      passed: true,
      performed_at: atTarget.performed_at,
      verified_by: null,
      verified_at: null,
    });
    expect(second).toMatchObject({ score_ms: 60_000, passed: false });
    expect(await stored(ids.ravi!)).toBe(2);
  });

  it('stores a repetition once: a replay, and two identical batches at once, answer the first record', async () => {
    const batch = [rep(peg.id, 30_000), rep(peg.id, 31_000)];
    const first = await send(tokens.sunil, batch);
    expect(first.statusCode).toBe(200);
    const replay = await send(tokens.sunil, [{ ...batch[1], time_ms: 99_000 }, batch[0], batch[0]]);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().repetitions).toEqual([first.json().repetitions[1], first.json().repetitions[0]]);
    expect(await stored(ids.sunil!)).toBe(2);

    const racing = [rep(peg.id, 45_000), rep(peg.id, 46_000)];
    const answers = await Promise.all([send(tokens.sunil, racing), send(tokens.sunil, racing), send(tokens.sunil, racing)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const idsOf = (a: (typeof answers)[number]) => a.json().repetitions.map((r: Repetition) => r.id);
    expect(idsOf(answers[1]!)).toEqual(idsOf(answers[0]!));
    expect(idsOf(answers[2]!)).toEqual(idsOf(answers[0]!));
    expect(await stored(ids.sunil!)).toBe(4);
  });

  it('takes a repetition of a drill that no longer exists without storing it', async () => {
    const gone = rep(999_999, 30_000);
    const kept = rep(peg.id, 50_000);
    const res = await send(tokens.sunil, [gone, kept]);
    expect(res.statusCode).toBe(200);
    expect(res.json().ignored).toEqual([gone.client_id]);
    expect(res.json().repetitions.map((r: Repetition) => r.client_id)).toEqual([kept.client_id]);
    expect(await stored(ids.sunil!)).toBe(5);
  });

  it('refuses a whole batch with a penalty the drill lacks, a time in the future, or a bad time, and stores nothing', async () => {
    const before = await stored(ids.ravi!);
    const good = rep(peg.id, 30_000);
    const unknown = await send(tokens.ravi, [good, rep(peg.id, 30_000, { penalties: [{ penalty: 'knot-slipped', count: 1 }] })]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ repetitions: ["The drill 'Peg transfer' has no penalty 'knot-slipped'."] });
    const future = await send(tokens.ravi, [good, rep(peg.id, 30_000, { at: new Date(Date.now() + 20 * 60_000).toISOString() })]);
    expect(future.statusCode).toBe(400);
    expect(future.json().repetitions[0]).toMatch(/dated (20|21) minutes after the server's time; at most 5 minutes of clock skew/);
    // A device a little ahead is within the clock skew.
    for (const time of [0, -5, 60 * 60 * 1000 + 1, 1.5]) {
      const res = await send(tokens.ravi, [good, rep(peg.id, time)]);
      expect(res.statusCode, String(time)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['repetitions']);
    }
    for (const bad of [
      { ...good, client_id: 'not-a-uuid' },
      { ...good, performed_at: 'yesterday' },
      { ...good, extra: 1 },
      { ...good, drill: 'x' },
    ])
      expect((await send(tokens.ravi, [bad])).statusCode).toBe(400);
    expect((await call(t, 'POST', MINE, { token: tokens.ravi, body: { repetitions: [] } })).statusCode).toBe(400);
    expect(await stored(ids.ravi!)).toBe(before);
    expect((await send(tokens.ravi, [rep(peg.id, 60 * 60 * 1000, { at: new Date(Date.now() + 60_000).toISOString() })])).statusCode).toBe(200);
    expect(await stored(ids.ravi!)).toBe(before + 1);
    expect((await send(undefined, [good])).statusCode).toBe(401);
  });

  it('keeps to a drill’s cap on repetitions per learner, a batch that would pass it refused whole', async () => {
    const capped = await newDrill({ name: 'Capped', target_seconds: 30, max_repetitions: 2 });
    const three = await send(tokens.sunil, [rep(capped.id, 20_000), rep(capped.id, 21_000), rep(capped.id, 22_000)]);
    expect(three.statusCode).toBe(400);
    expect(three.json()).toEqual({ repetitions: ['This drill allows at most 2 repetitions.'] });
    const two = [rep(capped.id, 20_000), rep(capped.id, 21_000)];
    expect((await send(tokens.sunil, two)).statusCode).toBe(200);
    // A replay is not a new repetition; a third one is refused; another learner has their own count.
    expect((await send(tokens.sunil, two)).statusCode).toBe(200);
    expect((await send(tokens.sunil, [rep(capped.id, 23_000)])).statusCode).toBe(400);
    expect((await send(tokens.ravi, [rep(capped.id, 23_000)])).statusCode).toBe(200);
    expect((await mine(tokens.sunil!, `?drill=${capped.id}`)).count).toBe(2);
    await call(t, 'DELETE', `${DRILLS}${capped.id}/`, { token: tokens.su });
  });

  it('keeps the score a repetition was judged with when its drill changes later', async () => {
    const drill = await newDrill({ name: 'Changing', target_seconds: 40, penalties: [{ id: 'slip', label: 'Slip', seconds: 5 }] });
    const before = (await send(tokens.ravi, [rep(drill.id, 36_000, { penalties: [{ penalty: 'slip', count: 1 }] })])).json().repetitions[0];
    expect(before).toMatchObject({ score_ms: 41_000, passed: false, target_seconds: 40 });
    await call(t, 'PUT', `${DRILLS}${drill.id}/`, {
      token: tokens.su,
      body: { name: 'Changing', target_seconds: 45, penalties: [{ id: 'slip', label: 'Slipped', seconds: 2 }] },
    });
    const after = (await send(tokens.ravi, [rep(drill.id, 36_000, { penalties: [{ penalty: 'slip', count: 1 }] })])).json().repetitions[0];
    expect(after).toMatchObject({ score_ms: 38_000, passed: true, target_seconds: 45, penalties: [{ label: 'Slipped', seconds: 2 }] });
    expect((await mine(tokens.ravi!, `?drill=${drill.id}`)).results.find((r) => r.id === before.id)).toEqual(before);

    // Deleting the drill deletes its repetitions; a replay is then ignored.
    expect((await call(t, 'DELETE', `${DRILLS}${drill.id}/`, { token: tokens.su })).statusCode).toBe(204);
    expect((await mine(tokens.ravi!, `?drill=${drill.id}`)).count).toBe(0);
    const replay = await send(tokens.ravi, [{ ...rep(drill.id, 36_000), client_id: before.client_id }]);
    expect(replay.json()).toEqual({ repetitions: [], ignored: [before.client_id] });
  });
});

describe('GET and DELETE /api/practice/my-repetitions/', () => {
  it('lists only the signed-in user’s, newest first, a page at a time', async () => {
    const older = rep(peg.id, 50_000, { at: '2026-01-01T08:00:00+05:30' });
    const newer = rep(peg.id, 51_000, { at: '2026-01-02T08:00:00Z' });
    await send(tokens.admin, [older, newer]);
    const page = await mine(tokens.admin!);
    expect(page.count).toBe(2);
    expect(page.results.map((r) => [r.client_id, r.performed_at])).toEqual([
      [newer.client_id, '2026-01-02T08:00:00.000Z'],
      [older.client_id, '2026-01-01T02:30:00.000Z'],
    ]);
    const first = await call(t, 'GET', `${MINE}?page_size=1`, { token: tokens.admin });
    expect(first.json()).toMatchObject({ count: 2, next: `${MINE}?page_size=1&page=2`, previous: null });
    expect((await mine(tokens.admin!, '?page_size=1&page=2')).results[0]!.client_id).toBe(older.client_id);
    expect((await mine(tokens.admin!, '?drill=999999')).count).toBe(0);
    expect((await call(t, 'GET', `${MINE}?page_size=0`, { token: tokens.admin })).statusCode).toBe(400);
    expect((await call(t, 'GET', MINE)).statusCode).toBe(401);
    const everyone = [...(await mine(tokens.ravi!)).results, ...(await mine(tokens.sunil!)).results].map((r) => r.client_id);
    expect(everyone).not.toContain(older.client_id);
  });

  it('deletes the user’s own unverified repetition, and answers 404 for someone else’s', async () => {
    const [own] = (await send(tokens.sunil, [rep(peg.id, 50_000)])).json().repetitions as Repetition[];
    expect((await call(t, 'DELETE', `${MINE}${own!.id}/`, { token: tokens.ravi })).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `${MINE}${own!.id}/`)).statusCode).toBe(401);
    expect((await call(t, 'DELETE', `${MINE}${own!.id}/`, { token: tokens.sunil })).statusCode).toBe(204);
    expect((await call(t, 'DELETE', `${MINE}${own!.id}/`, { token: tokens.sunil })).statusCode).toBe(404);
    expect((await mine(tokens.sunil!)).results.map((r) => r.id)).not.toContain(own!.id);
  });
});

describe('POST …/members/{membershipId}/repetitions/{id}/verify/', () => {
  const verifyUrl = (membership: number, repetition: number, org = orgId) =>
    `/api/accounts/organizations/${org}/members/${membership}/repetitions/${repetition}/verify/`;
  let target: Repetition;

  beforeAll(async () => {
    target = (await send(tokens.ravi, [rep(peg.id, 44_000, { at: minutesAgo(10) })])).json().repetitions[0];
  });

  it('is for the admins and owner of the member’s organization only', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [tokens.sunil, 403],
      [tokens.hillAdmin, 403],
    ] as const)
      expect((await call(t, 'POST', verifyUrl(memberships.ravi!, target.id), { token })).statusCode).toBe(status);
    expect((await call(t, 'POST', verifyUrl(memberships.ravi!, target.id, hillId), { token: tokens.hillAdmin })).statusCode).toBe(404);
    expect((await mine(tokens.ravi!)).results.find((r) => r.id === target.id)!.verified_at).toBeNull();

    const res = await call(t, 'POST', verifyUrl(memberships.ravi!, target.id), { token: tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: target.id,
      score_ms: 44_000,
      verified_by: { id: ids.admin, full_name: 'Admin Anand' },
      verified_at: expect.any(String),
    });
    expect(res.json()).not.toHaveProperty('user_id');
    expect((await mine(tokens.ravi!)).results.find((r) => r.id === target.id)).toEqual(res.json());

    // A second verification (another admin, the owner, a body of {}) keeps the first.
    const again = await call(t, 'POST', verifyUrl(memberships.ravi!, target.id), { token: tokens.owner, body: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    target = res.json();
  });

  it('refuses one’s own repetition, and answers 404 for a repetition of another member or an unknown one', async () => {
    const [own] = (await send(tokens.admin, [rep(peg.id, 40_000)])).json().repetitions as Repetition[];
    const refused = await call(t, 'POST', verifyUrl(memberships.admin!, own!.id), { token: tokens.admin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You cannot verify your own repetition.' });
    expect((await call(t, 'POST', verifyUrl(memberships.admin!, own!.id), { token: tokens.owner })).statusCode).toBe(200);
    for (const url of [
      verifyUrl(memberships.sunil!, target.id),
      verifyUrl(memberships.ravi!, 999_999),
      verifyUrl(999_999, target.id),
      verifyUrl(memberships.hillAdmin!, target.id),
    ])
      expect((await call(t, 'POST', url, { token: tokens.owner })).statusCode, url).toBe(404);
    expect((await call(t, 'POST', verifyUrl(memberships.ravi!, target.id), { token: tokens.owner, body: { verified: false } })).statusCode).toBe(400);
  });

  it('makes the repetition immutable: a replay answers it as verified, and its deletion is refused', async () => {
    const replay = await send(tokens.ravi, [{ ...rep(peg.id, 10_000), client_id: target.client_id }]);
    expect(replay.json().repetitions).toEqual([target]);
    const refused = await call(t, 'DELETE', `${MINE}${target.id}/`, { token: tokens.ravi });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'A verified repetition cannot be changed or deleted.' });
    expect((await mine(tokens.ravi!)).results.find((r) => r.id === target.id)).toEqual(target);
  });
});

describe('the practice parts of the progress view', () => {
  const progressUrl = (query = '') => `/api/accounts/organizations/${orgId}/progress/${query}`;
  let rule: Drill;

  beforeAll(async () => {
    // Consecutive 2 then 1 further: pass, fail, pass, pass (counted), pass (proficient).
    rule = await newDrill({
      name: '=Knot "tying"',
      target_seconds: 100,
      consecutive_passes: 2,
      further_passes: 1,
      penalties: [{ id: 'slip', label: 'Slip', seconds: 10 }],
    });
    const at = (day: number) => `2026-02-0${day}T10:00:00.000Z`;
    const reps = [
      rep(rule.id, 90_000, { at: at(1) }),
      rep(rule.id, 95_000, { at: at(2), penalties: [{ penalty: 'slip', count: 1 }] }),
      rep(rule.id, 80_000, { at: at(3) }),
      rep(rule.id, 70_000, { at: at(4) }),
      rep(rule.id, 60_000, { at: at(5) }),
    ];
    // Sent newest first: the server orders them by performed_at.
    expect((await send(tokens.sunil, reps.reverse())).statusCode).toBe(200);
  });

  it('gives the page every drill and each member a cell per drill', async () => {
    const res = await call(t, 'GET', progressUrl(), { token: tokens.owner });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.drills).toEqual([
      { id: peg.id, name: 'Peg transfer', target_seconds: 48 },
      { id: rule.id, name: '=Knot "tying"', target_seconds: 100 },
    ]);
    const row = (id: number) => body.results.find((r: { member: { id: number } }) => r.member.id === id);
    expect(row(ids.sunil!).drills[1]).toEqual({
      drill: rule.id,
      repetitions: 5,
      verified: 0,
      last_practice: '2026-02-05T10:00:00.000Z',
      proficiency: { consecutive: 2, consecutive_needed: 2, further: 1, further_needed: 1, proficient_at: '2026-02-05T10:00:00.000Z' },
    });
    const ravi = row(ids.ravi!).drills[0];
    const own = (await mine(tokens.ravi!, `?drill=${peg.id}&page_size=1000`)).results;
    expect(ravi).toEqual({
      drill: peg.id,
      repetitions: own.length,
      verified: 1,
      last_practice: inPerformedOrder(own).at(-1)!.performed_at,
      proficiency: proficiencyOf(inPerformedOrder(own), peg),
    });
    expect(row(ids.owner!).drills.map((c: { repetitions: number; last_practice: null }) => [c.repetitions, c.last_practice])).toEqual([
      [0, null],
      [0, null],
    ]);
  });

  it('shows a member’s drills with every repetition, newest first, and the membership to verify through', async () => {
    const res = await call(t, 'GET', progressUrl(`${ids.sunil}/`), { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.membership_id).toBe(memberships.sunil);
    expect(detail.drills.map((d: { name: string }) => d.name)).toEqual(['Peg transfer', '=Knot "tying"']);
    const knot = detail.drills[1];
    expect(knot).toMatchObject({ drill: rule.id, target_seconds: 100, proficiency: { proficient_at: '2026-02-05T10:00:00.000Z' } });
    expect(knot.repetitions.map((r: Repetition) => [r.performed_at.slice(0, 10), r.score_ms, r.passed])).toEqual([
      ['2026-02-05', 60_000, true],
      ['2026-02-04', 70_000, true],
      ['2026-02-03', 80_000, true],
      ['2026-02-02', 105_000, false],
      ['2026-02-01', 90_000, true],
    ]);
    const owner = (await call(t, 'GET', progressUrl(`${ids.owner}/`), { token: tokens.admin })).json();
    expect(owner).toMatchObject({ membership_id: memberships.owner, drills: [] });
  });

  it('adds four columns per drill to the member CSV', async () => {
    const text = (await call(t, 'GET', progressUrl('?format=csv'), { token: tokens.owner })).rawPayload.subarray(3).toString('utf8');
    const columns = (name: string) => [`${name} — repetitions`, `${name} — verified`, `${name} — proficiency`, `${name} — last practice`];
    expect(text.startsWith(csvRow(['Member', 'Email', 'Role', 'Last synced', ...columns('Peg transfer'), ...columns('=Knot "tying"')]))).toBe(true);
    expect(text).toContain(`"'=Knot ""tying"" — repetitions"`);
    expect(text).toContain(',5,0,Proficient 2026-02-05,2026-02-05T10:00:00.000Z\r\n');
    expect(text).toContain(
      `\r\nowner,owner@coastal.example,owner,,0,0,"0 of 2 consecutive passes, 0 of 10 further passes",,0,0,"0 of 2 consecutive passes, 0 of 1 further passes",\r\n`,
    );
  });

  it('lists every repetition of the organization’s members in the practice CSV, with who verified it', async () => {
    const res = await call(t, 'GET', progressUrl('?format=practice_csv'), { token: tokens.owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="practice-organization-${orgId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').slice(0, -1);
    expect(lines[0]).toBe('Member,Email,Drill,Performed at,Time s,Penalties,Score s,Passed,Verified by,Verified at');
    expect(lines).toContain(`Sunil Rao,sunil@coastal.example,"'=Knot ""tying""",2026-02-02T10:00:00.000Z,95.0,Slip ×1,105.0,no,,`);
    const verified = (await mine(tokens.ravi!)).results.find((r) => r.verified_at)!;
    expect(lines).toContain(`Ravi Kumar,ravi@coastal.example,Peg transfer,${verified.performed_at},44.0,,44.0,yes,Admin Anand,${verified.verified_at}`);
    const all = [ids.ravi!, ids.sunil!, ids.admin!, ids.owner!];
    expect(lines.length - 1).toBe((await Promise.all(all.map(stored))).reduce((a, b) => a + b, 0));
    expect(lines.some((line) => line.includes('hill.example'))).toBe(false);
    expect((await call(t, 'GET', progressUrl('?format=practice_csv'), { token: tokens.ravi })).statusCode).toBe(403);
    expect((await call(t, 'GET', progressUrl('?format=practice_csv'), { token: tokens.hillAdmin })).statusCode).toBe(403);
  });
});

describe('migration 014-practice', () => {
  it('applies to a database that holds accounts, and a repetition goes with its user or its drill', async () => {
    const { db, close } = await databaseMigratedTo('013-review');
    try {
      const { user } = await insertLearnerAndQuiz(db, '2026-02-01T10:00:00.000Z');
      expect(await migrateToLatest(db)).toContain('014-practice');
      const repos = createRepositories(db.kysely, db.dialect);
      const values = { instructions: null, target_seconds: 48, penalties: [], consecutive_passes: 2, further_passes: 10, max_repetitions: null };
      const [kept, dropped] = [await repos.practice.createDrill({ name: 'Kept', ...values }), await repos.practice.createDrill({ name: 'Dropped', ...values })];
      const row = (drill: number) => ({
        user_id: user.id,
        drill_id: drill,
        client_id: randomUUID(),
        time_ms: 40_000,
        penalties: '[]',
        score_ms: 40_000,
        target_seconds: 48,
        passed: 1,
        performed_at: '2026-02-01T10:00:00.000Z',
        created_at: '2026-02-01T10:00:00.000Z',
      });
      await repos.practice.insertRepetitions([row(kept.id), row(dropped.id)]);
      await repos.practice.deleteDrill(dropped.id);
      expect((await repos.practice.allOf(user.id)).map((r) => r.drill)).toEqual([kept.id]);
      await db.kysely.deleteFrom('users').where('id', '=', user.id).execute();
      expect(await db.kysely.selectFrom('repetitions').selectAll().execute()).toEqual([]);
    } finally {
      await close();
    }
  });
});
