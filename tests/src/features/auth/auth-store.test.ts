import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, type AuthStore, createAuthStore } from '../../../../src/features/auth/auth-store';
import { db } from '../../../../src/lib/db';
import { getAccessToken, getRefreshToken, getStoredUser, STORAGE_KEYS } from '../../../../src/lib/session';
import { FakeApi, fakeAccessToken, makeUser, signIn } from '../../../helpers/fake-api';

let api: FakeApi;
let uninstall: () => void;
let store: AuthStore;

beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  store = createAuthStore();
});
afterEach(() => {
  uninstall();
  vi.restoreAllMocks();
});

/** Resolves the returned function's promise when called: holds a fake answer until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('initial auth state (SPEC §4)', () => {
  it('is signed out with an empty storage', () => {
    expect(store.getState()).toEqual({
      user: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
      loading: false,
      error: null,
    });
  });

  it('is authenticated when storage holds both an access token and a user', () => {
    const user = makeUser();
    const { access } = signIn(user, 'r-1');
    expect(store.getState()).toMatchObject({ user, accessToken: access, refreshToken: 'r-1', isAuthenticated: true });
  });

  it('is not authenticated with a token but no user, or a user but no token', () => {
    localStorage.setItem(STORAGE_KEYS.access, 'a.b.c');
    expect(store.getState().isAuthenticated).toBe(false);
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser()));
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('returns the same snapshot until something changes', () => {
    signIn();
    expect(store.getState()).toBe(store.getState());
  });
});

describe('login', () => {
  it('sets loading and clears the error while pending, then stores the tokens and the decoded user', async () => {
    const user = makeUser({ organization_id: 3, organization_name: 'City Hospital', organization_role: 'owner' });
    const access = fakeAccessToken(user);
    const held = gate();
    api.on('POST', '/accounts/login/', { status: 401, data: { detail: 'No active account found with the given credentials' } });
    await store.login({ email: 'x@y.example', password: 'wrong' });
    expect(store.getState().error).not.toBeNull();

    api.on('POST', '/accounts/login/', async () => {
      await held.opened;
      return { status: 200, data: { access, refresh: 'refresh-9' } };
    });
    const pending = store.login({ email: user.email, password: 'Endotrainer#2026' });
    expect(store.getState()).toMatchObject({ loading: true, error: null, isAuthenticated: false });
    held.open();
    await expect(pending).resolves.toBe(true);

    expect(store.getState()).toMatchObject({ loading: false, error: null, isAuthenticated: true, accessToken: access, refreshToken: 'refresh-9', user });
    expect(getAccessToken()).toBe(access);
    expect(getRefreshToken()).toBe('refresh-9');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(api.callsTo('/accounts/login/').at(-1)?.body).toEqual({ email: user.email, password: 'Endotrainer#2026' });
  });

  it("stores the server's error data on failure", async () => {
    api.on('POST', '/accounts/login/', { status: 401, data: { detail: 'No active account found with the given credentials' } });
    await expect(store.login({ email: 'a@b.example', password: 'x' })).resolves.toBe(false);
    expect(store.getState()).toMatchObject({
      loading: false,
      isAuthenticated: false,
      error: { detail: 'No active account found with the given credentials' },
    });
    expect(getAccessToken()).toBeNull();
  });

  it("stores 'Login failed' when the server sent no error data", async () => {
    api.on('POST', '/accounts/login/', { status: 500, data: '<html>' });
    await store.login({ email: 'a@b.example', password: 'x' });
    expect(store.getState().error).toBe(AUTH_MESSAGES.loginFailed);
    expect(AUTH_MESSAGES.loginFailed).toBe('Login failed');
  });

  it('says the device is offline and sign-in needs a connection when the request never reached the server', async () => {
    api.on('POST', '/accounts/login/', () => 'network');
    await store.login({ email: 'a@b.example', password: 'x' });
    expect(store.getState().error).toEqual({ detail: expect.stringMatching(/^This device is offline\. Signing in needs a connection/) });
  });

  it('tells the lockout in minutes and what to do', async () => {
    api.on('POST', '/accounts/login/', { status: 429, data: { detail: 'Too many attempts. Try again in 896 seconds.' }, headers: { 'retry-after': '896' } });
    await store.login({ email: 'a@b.example', password: 'x' });
    expect(store.getState().error).toEqual({
      detail: "Too many failed sign-in attempts. Sign-in is paused for 15 minutes: wait and try again, or choose 'Forgot password?' to set a new password.",
    });
  });

  it('does not try a token refresh when the credentials are refused', async () => {
    signIn();
    api.on('POST', '/accounts/login/', { status: 401, data: { detail: 'No active account found with the given credentials' } });
    await store.login({ email: 'a@b.example', password: 'x' });
    expect(api.callsTo('/accounts/token/refresh/')).toHaveLength(0);
  });
});

describe('registration', () => {
  const payload = {
    email: 'new@hospital.example',
    password: 'a long passphrase 42',
    password2: 'a long passphrase 42',
    full_name: 'Dr. New',
    bio: '',
    phone_number: '',
  };

  it('stores the returned user and the tokens and marks the session authenticated', async () => {
    const user = makeUser({ user_id: 42, email: payload.email, full_name: 'Dr. New' });
    const access = fakeAccessToken(user);
    api.on('POST', '/accounts/register/', { status: 201, data: { user, access, refresh: 'r-42' } });
    const pending = store.register(payload);
    expect(store.getState()).toMatchObject({ loading: true, error: null });
    await expect(pending).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ isAuthenticated: true, loading: false, user, accessToken: access, refreshToken: 'r-42' });
    expect(api.callsTo('/accounts/register/')[0]?.body).toEqual(payload);
  });

  it("stores the server's field errors on failure, else 'Registration failed'", async () => {
    const errors = { email: ['A user with this email already exists.'], password2: ['Passwords do not match.'] };
    api.on('POST', '/accounts/register/', { status: 400, data: errors });
    await expect(store.register(payload)).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ loading: false, isAuthenticated: false, error: errors });

    api.on('POST', '/accounts/register/', { status: 502, data: '<html>Bad gateway</html>' });
    await store.register(payload);
    expect(store.getState().error).toBe('Registration failed');
  });
});

describe('logout', () => {
  afterEach(async () => {
    await db.pendingLogouts.clear();
  });

  it('clears the user and the tokens at once and queues the refresh token for the server (the outbox sends it)', async () => {
    signIn(makeUser(), 'refresh-to-end');
    await store.logout();
    expect(store.getState()).toMatchObject({ user: null, accessToken: null, refreshToken: null, isAuthenticated: false });
    expect((await db.pendingLogouts.toArray()).map((row) => row.refresh)).toEqual(['refresh-to-end']);
    expect(Object.keys(localStorage)).toEqual(['pending_logouts']);
  });

  it('tells the server directly when the device cannot queue the logout, and only logs a failure', async () => {
    signIn(makeUser(), 'refresh-to-end');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(db.pendingLogouts, 'add').mockRejectedValue(new Error('QuotaExceededError'));
    api.on('POST', '/accounts/logout/', () => 'network');
    await store.logout();
    expect(api.callsTo('/accounts/logout/')[0]?.body).toEqual({ refresh: 'refresh-to-end' });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(store.getState().isAuthenticated).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('session check (GET /accounts/profile/)', () => {
  it('sets loading while pending and marks the session authenticated on success, with the fresher profile', async () => {
    signIn(makeUser({ organization_id: null }));
    const held = gate();
    api.on('GET', '/accounts/profile/', async () => {
      await held.opened;
      return {
        status: 200,
        data: {
          id: 7,
          ...makeUser({ organization_id: 3, organization_name: 'City Hospital', organization_role: 'member' }),
          bio: '',
          phone_number: '',
          date_joined: '2026-01-01T00:00:00Z',
        },
      };
    });
    const pending = store.checkSession();
    expect(store.getState().loading).toBe(true);
    held.open();
    await expect(pending).resolves.toBe('authenticated');
    expect(store.getState()).toMatchObject({ loading: false, isAuthenticated: true });
    expect(store.getState().user).toMatchObject({ organization_id: 3, organization_name: 'City Hospital', organization_role: 'member' });
    expect(getStoredUser()).not.toHaveProperty('bio');
  });

  it("fails with 'Not authenticated' and clears the user when the server refuses the session", async () => {
    signIn();
    api.on('GET', '/accounts/profile/', { status: 401, data: { detail: 'Given token not valid for any token type' } });
    api.on('POST', '/accounts/token/refresh/', { status: 401, data: { detail: 'Token is invalid or expired.' } });
    await expect(store.checkSession()).resolves.toBe('not-authenticated');
    expect(store.getState()).toMatchObject({ user: null, isAuthenticated: false, loading: false, error: 'Not authenticated' });
    expect(getAccessToken()).toBeNull();
  });

  it('refreshes an expired access token and succeeds', async () => {
    const user = makeUser();
    signIn(user, 'old-refresh');
    const fresh = fakeAccessToken(user, 600, 'fresh');
    api.on('GET', '/accounts/profile/', (request) =>
      request.token === fresh ? { status: 200, data: { id: 7, ...user } } : { status: 401, data: { detail: 'Given token not valid for any token type' } },
    );
    api.on('POST', '/accounts/token/refresh/', { status: 200, data: { access: fresh, refresh: 'new-refresh' } });
    await expect(store.checkSession()).resolves.toBe('authenticated');
    expect(store.getState()).toMatchObject({ isAuthenticated: true, accessToken: fresh, refreshToken: 'new-refresh' });
  });

  it('counts a missing access token as not authenticated, without a call', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser()));
    await expect(store.checkSession()).resolves.toBe('not-authenticated');
    expect(store.getState()).toMatchObject({ user: null, isAuthenticated: false, error: 'Not authenticated' });
    expect(api.calls).toHaveLength(0);
  });

  it('keeps the stored user when the server cannot be reached (offline, timeout, 5xx)', async () => {
    const user = makeUser();
    signIn(user);
    api.on('GET', '/accounts/profile/', () => 'network');
    await expect(store.checkSession()).resolves.toBe('unreachable');
    expect(store.getState()).toMatchObject({ user, isAuthenticated: true, loading: false, error: null });

    api.on('GET', '/accounts/profile/', { status: 503, data: { detail: 'Service unavailable' } });
    await expect(store.checkSession()).resolves.toBe('unreachable');
    expect(store.getState().isAuthenticated).toBe(true);
  });

  it('keeps the session with an expired token when the refresh cannot reach the server', async () => {
    const user = makeUser();
    signIn(user);
    api.on('GET', '/accounts/profile/', { status: 401, data: { detail: 'Given token not valid for any token type' } });
    api.on('POST', '/accounts/token/refresh/', () => 'network');
    await expect(store.checkSession()).resolves.toBe('unreachable');
    expect(store.getState()).toMatchObject({ user, isAuthenticated: true });
  });

  it('makes no call while the browser is offline', async () => {
    signIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(store.checkSession()).resolves.toBe('unreachable');
    expect(api.calls).toHaveLength(0);
    expect(store.getState().isAuthenticated).toBe(true);
  });

  it('shares one request between concurrent checks', async () => {
    signIn();
    api.on('GET', '/accounts/profile/', { status: 200, data: { id: 7, ...makeUser() } });
    const results = await Promise.all([store.checkSession(), store.checkSession(), store.checkSession()]);
    expect(results).toEqual(['authenticated', 'authenticated', 'authenticated']);
    expect(api.callsTo('/accounts/profile/')).toHaveLength(1);
  });
});

describe('reusing a check that has just ended', () => {
  it('answers from a check of the same session within the window; a fresh check, an older one or a new sign-in asks again', async () => {
    signIn(makeUser(), 'refresh-a');
    api.on('GET', '/accounts/profile/', { status: 200, data: { id: 7, ...makeUser() } });
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await expect(store.checkSession()).resolves.toBe('authenticated');
    expect(store.recentSessionCheck(10_000)).toBe('authenticated');

    now.mockReturnValue(1_009_000);
    await expect(store.checkSession({ reuseWithinMs: 10_000 })).resolves.toBe('authenticated');
    expect(api.callsTo('/accounts/profile/')).toHaveLength(1);
    // Without the option the check is always sent (the area's recheck when the browser comes online).
    await store.checkSession();
    expect(api.callsTo('/accounts/profile/')).toHaveLength(2);

    now.mockReturnValue(1_020_000);
    expect(store.recentSessionCheck(10_000)).toBeNull();
    await store.checkSession({ reuseWithinMs: 10_000 });
    expect(api.callsTo('/accounts/profile/')).toHaveLength(3);

    // Another session (signed out and in again): its check is its own.
    signIn(makeUser(), 'refresh-b');
    expect(store.recentSessionCheck(10_000)).toBeNull();
    await store.checkSession({ reuseWithinMs: 10_000 });
    expect(api.callsTo('/accounts/profile/')).toHaveLength(4);
  });
});

describe('clearError', () => {
  it('clears the error and resets loading', async () => {
    api.on('POST', '/accounts/login/', { status: 401, data: { detail: 'No active account found with the given credentials' } });
    await store.login({ email: 'a@b.example', password: 'x' });
    api.on('POST', '/accounts/login/', () => new Promise(() => undefined));
    void store.login({ email: 'a@b.example', password: 'x' });
    expect(store.getState().loading).toBe(true);
    store.clearError();
    expect(store.getState()).toMatchObject({ error: null, loading: false });
  });
});

describe('following the stored session', () => {
  it('notifies and signs out when another tab logs out', () => {
    signIn();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    stop();
    expect(listener).toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null });
  });

  it('takes the rotated tokens of a refresh', async () => {
    const user = makeUser();
    signIn(user, 'r-1');
    const fresh = fakeAccessToken(user, 600, 'fresh');
    api.on('POST', '/accounts/token/refresh/', { status: 200, data: { access: fresh, refresh: 'r-2' } });
    const { refreshAccessToken } = await import('../../../../src/lib/api-client');
    await refreshAccessToken();
    expect(store.getState()).toMatchObject({ accessToken: fresh, refreshToken: 'r-2', isAuthenticated: true });
  });
});
