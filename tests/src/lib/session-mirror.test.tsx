/**
 * The session is mirrored into IndexedDB (db.session, row 'current') so the service worker can
 * authenticate a score sync: on sign-in, on a token refresh, on logout and at start-up.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../src/lib/api-client';
import { db } from '../../../src/lib/db';
import { getAccessToken, getRefreshToken, mirrorSession, STORAGE_KEYS } from '../../../src/lib/session';
import { FakeApi, fakeAccessToken, makeUser } from '../../helpers/fake-api';
import { renderApp } from '../../helpers/render-app';

const person = makeUser({ email: 'learner@example.com', full_name: 'Learner' });

let api: FakeApi;
let uninstall: () => void;
beforeEach(async () => {
  await db.session.clear();
  api = new FakeApi();
  uninstall = api.install();
  api.on('GET', '/accounts/profile/', { status: 200, data: { id: person.user_id, ...person } });
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
});
afterEach(() => {
  uninstall();
  vi.restoreAllMocks();
});

const mirror = () => db.session.get('current');

async function signInThroughLogin(access: string) {
  api.on('POST', '/accounts/login/', { status: 200, data: { access, refresh: 'refresh-1' } });
  const app = await renderApp('/login');
  const form = within(screen.getByRole('form', { name: 'Login' }));
  await app.user.type(form.getByLabelText(/^Email/), person.email);
  await app.user.type(form.getByLabelText(/^Password/), 'Endotrainer#2026');
  await app.user.click(form.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard'));
  return app;
}

describe('the session mirror for the service worker', () => {
  it('holds the tokens and user after sign-in, the new pair after a refresh, and nothing after logout', async () => {
    const access = fakeAccessToken(person, 600, 'first');
    const { user, router } = await signInThroughLogin(access);
    await waitFor(async () => expect(await mirror()).toMatchObject({ key: 'current', access, refresh: 'refresh-1', user: person }));

    // A call is refused, the token refreshed (refresh tokens rotate), the call retried.
    const fresh = fakeAccessToken(person, 600, 'fresh');
    api.on('GET', '/books/books/', (request) => (request.token === fresh ? { status: 200, data: [] } : { status: 401, data: { detail: 'Token expired' } }));
    api.on('POST', '/accounts/token/refresh/', { status: 200, data: { access: fresh, refresh: 'refresh-2' } });
    await apiClient.get('/books/books/');
    expect(getAccessToken()).toBe(fresh);
    await waitFor(async () => expect(await mirror()).toMatchObject({ access: fresh, refresh: 'refresh-2', user: person }));

    api.on('POST', '/accounts/logout/', { status: 200, data: { detail: 'Signed out.' } });
    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: /^Account menu/ }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(async () => expect(await mirror()).toMatchObject({ access: null, refresh: null, user: null }));
  });

  it('takes the session localStorage holds at start-up', async () => {
    const access = fakeAccessToken(person);
    localStorage.setItem(STORAGE_KEYS.access, access);
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh-from-last-visit');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(person));
    await mirrorSession();
    expect(await mirror()).toMatchObject({ access, refresh: 'refresh-from-last-visit', user: person });
  });

  it('logs a failed copy and still signs in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(db.session, 'put').mockRejectedValue(new Error('QuotaExceededError'));
    const access = fakeAccessToken(person);
    await signInThroughLogin(access);
    expect(await screen.findByText('Welcome, Learner!')).toBeInTheDocument();
    expect(getAccessToken()).toBe(access);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not copy the session to IndexedDB for the service worker', expect.any(Error)));
    expect(await mirror()).toBeUndefined();
  });
});

describe('a pair the service worker renewed (Background Sync after the access token ran out)', () => {
  const storePageSession = (access: string, refresh: string, at: number) => {
    localStorage.setItem(STORAGE_KEYS.access, access);
    localStorage.setItem(STORAGE_KEYS.refresh, refresh);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(person));
    localStorage.setItem(STORAGE_KEYS.updatedAt, String(at));
  };

  it('is taken into localStorage at start-up, and the worker copy is left as it is', async () => {
    storePageSession(fakeAccessToken(person, -60, 'old'), 'refresh-spent', 1000);
    const renewed = fakeAccessToken(person, 600, 'renewed');
    await db.session.put({ key: 'current', access: renewed, refresh: 'refresh-renewed', user: person, updatedAt: 2000 });
    await mirrorSession();
    expect(getAccessToken()).toBe(renewed);
    expect(getRefreshToken()).toBe('refresh-renewed');
    expect(await mirror()).toMatchObject({ access: renewed, refresh: 'refresh-renewed', updatedAt: 2000 });
  });

  it('is used by the page’s next refresh instead of sending the refresh token the worker spent', async () => {
    const expired = fakeAccessToken(person, -60, 'old');
    storePageSession(expired, 'refresh-spent', Date.now());
    await mirrorSession();
    // The worker renews while the page is open (it does so under the same lock).
    const renewed = fakeAccessToken(person, 600, 'renewed');
    await db.session.put({ key: 'current', access: renewed, refresh: 'refresh-renewed', user: person, updatedAt: Date.now() + 5 });
    api.on('GET', '/books/books/', (request) => (request.token === renewed ? { status: 200, data: [] } : { status: 401, data: { detail: 'Token expired' } }));
    api.on('POST', '/accounts/token/refresh/', {
      status: 401,
      data: { detail: 'This sign-in was ended because its refresh token was used twice. Please log in again.' },
    });
    await apiClient.get('/books/books/');
    expect(api.callsTo('/accounts/token/refresh/', 'POST')).toHaveLength(0);
    expect(getAccessToken()).toBe(renewed);
    expect(getRefreshToken()).toBe('refresh-renewed');
  });

  it('is not taken when it is older than the page’s, or belongs to another user; the page’s session is copied over it', async () => {
    const access = fakeAccessToken(person, 600, 'page');
    storePageSession(access, 'refresh-page', 5000);
    const other = makeUser({ user_id: 99, email: 'other@example.com' });
    await db.session.put({ key: 'current', access: fakeAccessToken(other), refresh: 'refresh-other', user: other, updatedAt: 9000 });
    await mirrorSession();
    expect(getRefreshToken()).toBe('refresh-page');
    expect(await mirror()).toMatchObject({ access, refresh: 'refresh-page', user: person, updatedAt: 5000 });

    await db.session.put({ key: 'current', access: fakeAccessToken(person, 600, 'stale'), refresh: 'refresh-stale', user: person, updatedAt: 4000 });
    await mirrorSession();
    expect(getRefreshToken()).toBe('refresh-page');
    expect(await mirror()).toMatchObject({ access, refresh: 'refresh-page' });
  });

  it('is not taken after the page signed out', async () => {
    await db.session.put({ key: 'current', access: fakeAccessToken(person), refresh: 'refresh-renewed', user: person, updatedAt: Date.now() + 1000 });
    await mirrorSession();
    expect(getAccessToken()).toBeNull();
    expect(await mirror()).toMatchObject({ access: null, refresh: null, user: null });
  });
});
