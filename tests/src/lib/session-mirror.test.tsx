/**
 * The session is mirrored into IndexedDB (db.session, row 'current') so the service worker can
 * authenticate a score sync: on sign-in, on a token refresh, on logout and at start-up.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../src/lib/api-client';
import { db } from '../../../src/lib/db';
import { getAccessToken, mirrorSession, STORAGE_KEYS } from '../../../src/lib/session';
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
