/**
 * The service worker's token refresh for a Background Sync with no page open: it spends the
 * refresh token it holds only when nobody renewed the pair first, and writes the new pair into
 * the session copy the page takes back — unless the page signed out meanwhile.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db';
import { refreshWorkerSession } from '../../../src/lib/session-refresh';
import { fakeAccessToken, makeUser } from '../../helpers/fake-api';

const person = makeUser({ user_id: 7 });
const expired = fakeAccessToken(person, -60, 'expired');

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  await db.session.put({ key: 'current', access: expired, refresh: 'refresh-1', user: person, updatedAt: 1000 });
});

describe('refreshWorkerSession', () => {
  it('sends the held refresh token once and stores the new pair, later than the page’s copy', async () => {
    const renewed = fakeAccessToken(person, 600, 'renewed');
    const fetchFn = vi.fn(async () => answer(200, { access: renewed, refresh: 'refresh-2' }));
    const result = await refreshWorkerSession(expired, { fetch: fetchFn, locks: null });
    expect(result).toMatchObject({ kind: 'refreshed', session: { access: renewed, refresh: 'refresh-2', user: person } });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn).toHaveBeenCalledWith(
      '/api/accounts/token/refresh/',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ refresh: 'refresh-1' }) }),
    );
    const held = await db.session.get('current');
    expect(held).toMatchObject({ access: renewed, refresh: 'refresh-2' });
    expect(held!.updatedAt).toBeGreaterThan(1000);
  });

  it('uses a pair someone renewed while it waited, without spending a token', async () => {
    const renewedByPage = fakeAccessToken(person, 600, 'page');
    await db.session.put({ key: 'current', access: renewedByPage, refresh: 'refresh-page', user: person, updatedAt: 2000 });
    const fetchFn = vi.fn();
    const result = await refreshWorkerSession(expired, { fetch: fetchFn, locks: null });
    expect(result).toMatchObject({ kind: 'refreshed', session: { access: renewedByPage } });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('ends on a refused refresh token with the server’s reason, changing nothing', async () => {
    const fetchFn = vi.fn(async () => answer(401, { detail: 'Token is invalid or expired.' }));
    expect(await refreshWorkerSession(expired, { fetch: fetchFn, locks: null })).toEqual({ kind: 'signed-out', reason: 'Token is invalid or expired.' });
    expect(await db.session.get('current')).toMatchObject({ access: expired, refresh: 'refresh-1' });
  });

  it('stops for later when offline or the server is in trouble, changing nothing', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await refreshWorkerSession(expired, { fetch: offline, locks: null })).toEqual({ kind: 'offline', reason: 'Failed to fetch' });
    const down = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await refreshWorkerSession(expired, { fetch: down, locks: null })).toMatchObject({ kind: 'retry-later' });
    expect(await db.session.get('current')).toMatchObject({ access: expired, refresh: 'refresh-1' });
  });

  it('keeps the page’s sign-out when it happened during the request', async () => {
    const fetchFn = vi.fn(async () => {
      await db.session.put({ key: 'current', access: null, refresh: null, user: null, updatedAt: 0 });
      return answer(200, { access: fakeAccessToken(person, 600, 'late'), refresh: 'refresh-2' });
    });
    expect(await refreshWorkerSession(expired, { fetch: fetchFn, locks: null })).toMatchObject({ kind: 'signed-out' });
    expect(await db.session.get('current')).toMatchObject({ access: null, refresh: null, user: null });
  });

  it('says nobody is signed in when the copy holds no session', async () => {
    await db.session.put({ key: 'current', access: null, refresh: null, user: null, updatedAt: 0 });
    const fetchFn = vi.fn();
    expect(await refreshWorkerSession(expired, { fetch: fetchFn, locks: null })).toMatchObject({ kind: 'signed-out' });
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
