import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../src/features/auth/auth-store';
import { setLeavingAfterLogout } from '../../../../src/features/auth/route-guards';
import { QUIZ_HISTORY_TEXT } from '../../../../src/features/quiz/scores/components/quiz-history-card';
import { apiClient } from '../../../../src/lib/api-client';
import { db } from '../../../../src/lib/db';
import { writeCompletedAttempt } from '../../../../src/lib/outbox/outbox-db';
import { getAccessToken, getRefreshToken, getStoredUser } from '../../../../src/lib/session';
import { FakeApi, fakeAccessToken, type FakeResponse, makeUser, signIn } from '../../../helpers/fake-api';
import { PHONE_WIDTH, setScreenWidth } from '../../../helpers/media';
import { renderApp } from '../../../helpers/render-app';
import { makeAttempt } from '../../lib/outbox/outbox-fixtures';

/** The navbar's drawer, once its code has loaded and it is open. */
const findNavigationDrawer = () =>
  waitFor(() => {
    const drawer = document.getElementById('navigation-drawer');
    if (!drawer) throw new Error('The navigation drawer is not open');
    return drawer;
  });

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  api.on('GET', '/books/my-scores/', { status: 200, data: [] });
});
afterEach(async () => {
  // A session check still under way keeps this test's fake server: answering for the next test's
  // session (a refused token), it would end that session.
  await waitFor(() => expect(authStore.getState().loading).toBe(false));
  uninstall();
  authStore.clearError();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

const profileOf = (user = makeUser()): FakeResponse => ({
  status: 200,
  data: { id: user.user_id, ...user, bio: '', phone_number: '', date_joined: '2026-01-01T00:00:00Z' },
});
const refused: FakeResponse = { status: 401, data: { detail: 'Given token not valid for any token type' } };

type User = Awaited<ReturnType<typeof renderApp>>['user'];

/** Opens the bar's account menu (the greeting and Logout live there below 1366 px, Create Book below 1800 px). */
async function openAccountMenu(user: User) {
  await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: /^Account menu/ }));
  return within(await screen.findByRole('menu'));
}

async function logoutFromBar(user: User) {
  const menu = await openAccountMenu(user);
  await user.click(menu.getByRole('menuitem', { name: 'Logout' }));
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('protected-route wrapper', () => {
  it("runs the session check when it opens and shows 'Loading...' meanwhile", async () => {
    signIn();
    let release!: () => void;
    api.on('GET', '/accounts/profile/', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return profileOf();
    });
    await renderApp('/dashboard');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
    // The accounts API module loads on first use (auth-store): the request starts a tick later.
    await waitFor(() => expect(api.callsTo('/accounts/profile/')).toHaveLength(1));
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(api.callsTo('/accounts/profile/')).toHaveLength(1);
  });

  it("starts the check beside the page's data and sends it once, when it answers first or last", async () => {
    signIn();
    const held = { profile: [] as (() => void)[], books: [] as (() => void)[] };
    // (waitFor would wait inside the act() that renderApp holds open until the route has loaded.)
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(done()).toBe(true);
    };
    const hold =
      <T,>(queue: (() => void)[], answer: T) =>
      async () => {
        await new Promise<void>((resolve) => queue.push(resolve));
        return answer;
      };
    api.on('GET', '/accounts/profile/', hold(held.profile, profileOf()));
    api.on('GET', '/books/books/', hold(held.books, { status: 200, data: [] }));

    // The session answers before the list: the page shows once the list arrives, on that one check.
    const opening = renderApp('/books');
    // Both requests are out together, held by the server: the check does not wait for the page's data.
    await until(() => held.books.length === 1);
    await until(() => held.profile.length === 1);
    held.profile.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    held.books.shift()!();
    const first = await opening;
    expect(await screen.findByText("You haven't created any books yet.")).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(api.callsTo('/accounts/profile/')).toHaveLength(1);
    first.unmount();
    held.books.splice(0).forEach((release) => release()); // the list's refetch on mount

    // The list answers first: 'Loading...' until the check that is under way answers; still one request.
    api.on('GET', '/books/books/', { status: 200, data: [] });
    api.calls.length = 0;
    const reopening = renderApp('/books');
    await until(() => held.profile.length === 1);
    await until(() => api.callsTo('/books/books/').length === 1);
    await reopening;
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    held.profile.shift()!();
    expect(await screen.findByText("You haven't created any books yet.")).toBeInTheDocument();
    expect(api.callsTo('/accounts/profile/')).toHaveLength(1);
  });

  it('checks once per visit of the protected area, not on every protected page', async () => {
    signIn();
    api.on('GET', '/accounts/profile/', profileOf());
    api.on('GET', '/books/books/', { status: 200, data: [] });
    const { router } = await renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await router.navigate({ to: '/books' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/books'));
    expect(api.callsTo('/accounts/profile/')).toHaveLength(1);
  });

  it('sends a user whose session the server refuses to /login, replacing the history entry', async () => {
    signIn();
    api.on('GET', '/accounts/profile/', refused);
    api.on('POST', '/accounts/token/refresh/', { status: 401, data: { detail: 'Token is invalid or expired.' } });
    const { router, history } = await renderApp('/about');
    await router.navigate({ to: '/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(getStoredUser()).toBeNull();
    // The check's 'Not authenticated' is cleared when Login opens.
    expect(authStore.getState().error).toBeNull();
    history.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('keeps a signed-in user whose token expired while the network is unreachable, and refreshes when it returns', async () => {
    const person = makeUser({ full_name: 'Dr. Offline' });
    signIn(person, 'refresh-1');
    setOnline(false);
    api.on('GET', '/accounts/profile/', () => 'network');
    api.on('POST', '/accounts/token/refresh/', () => 'network');
    const { router } = await renderApp('/dashboard');
    expect(await screen.findByText('Welcome, Dr. Offline!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    // Offline there is nothing to check: no call was made.
    expect(api.callsTo('/accounts/profile/')).toHaveLength(0);
    // The page was opened offline: its data waits for the connection instead of failing.
    expect(await screen.findByText(QUIZ_HISTORY_TEXT.offline)).toBeInTheDocument();
    expect(screen.queryByText('Could not load your quiz history.')).not.toBeInTheDocument();

    // Connectivity returns; the expired token is refused once, refreshed, and the check passes.
    const fresh = fakeAccessToken(person, 600, 'fresh');
    api.on('GET', '/accounts/profile/', (request) => (request.token === fresh ? profileOf(person) : refused));
    api.on('POST', '/accounts/token/refresh/', { status: 200, data: { access: fresh, refresh: 'refresh-2' } });
    setOnline(true);
    await waitFor(() => expect(getRefreshToken()).toBe('refresh-2'));
    expect(await screen.findByText('You have not taken any quizzes yet.')).toBeInTheDocument();
    expect(api.callsTo('/accounts/token/refresh/')).toHaveLength(1);
    expect(getAccessToken()).toBe(fresh);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('renders the page from storage when the check fails for lack of network', async () => {
    signIn(makeUser({ full_name: 'Dr. Lie-Fi' }));
    api.on('GET', '/accounts/profile/', () => 'network');
    const { router } = await renderApp('/dashboard');
    expect(await screen.findByText('Welcome, Dr. Lie-Fi!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('leaves for /login when the session is ended in another tab', async () => {
    signIn();
    api.on('GET', '/accounts/profile/', profileOf());
    const { router } = await renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('session expiry from any call', () => {
  it('goes to /login when a refresh is refused', async () => {
    signIn();
    api.on('GET', '/accounts/profile/', profileOf());
    const { router } = await renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    api.on('GET', '/books/books/', refused);
    api.on('POST', '/accounts/token/refresh/', {
      status: 401,
      data: { detail: 'This sign-in was ended because its refresh token was used twice. Please log in again.' },
    });
    await act(async () => {
      await apiClient.get('/books/books/').catch(() => undefined);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getAccessToken()).toBeNull();
  });
});

describe('navbar when signed in', () => {
  it("shows Dashboard, Books, 'Welcome, {email}' and Logout, without Create Book for a non-superuser", async () => {
    signIn(makeUser({ email: 'resident@cityhospital.example' }));
    api.on('GET', '/accounts/profile/', profileOf(makeUser({ email: 'resident@cityhospital.example' })));
    const { user } = await renderApp('/about');
    const header = within(screen.getByRole('banner'));
    expect(await header.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(header.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/books');
    expect(header.queryByRole('link', { name: 'Create Book' })).not.toBeInTheDocument();
    expect(header.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(header.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    // Wide screens show the greeting and Logout inline; narrower ones in the account menu.
    expect(header.getByText('Welcome, resident@cityhospital.example', { ignore: 'li' })).toBeInTheDocument();
    const menu = await openAccountMenu(user);
    expect(menu.getByText('Welcome, resident@cityhospital.example')).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: 'Create Book' })).not.toBeInTheDocument();
  });

  it('shows Create Book to a superuser, in the bar and in the drawer', async () => {
    const director = makeUser({ email: 'director@institute.example', is_superuser: true, is_staff: true });
    signIn(director);
    const { user } = await renderApp('/about');
    // Inline on wide screens (hidden by a media query jsdom does not evaluate) and in the account menu.
    await waitFor(() => expect(screen.getByRole('banner').querySelector('a[href="/create-book"]')).toHaveTextContent('Create Book'));
    const menu = await openAccountMenu(user);
    expect(menu.getByRole('menuitem', { name: 'Create Book' })).toHaveAttribute('href', '/create-book');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // On a phone's screen the bar gives way to the Menu button.
    act(() => setScreenWidth(PHONE_WIDTH));
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = within(await findNavigationDrawer());
    expect(await drawer.findByRole('link', { name: 'Create Book' })).toHaveAttribute('href', '/create-book');
    expect(drawer.getByText('Welcome, director@institute.example')).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("gives a signed-in user the site's pages behind Menu at a laptop's width, where a visitor has them in the bar", async () => {
    act(() => setScreenWidth(1366));
    signIn(makeUser());
    const { user } = await renderApp('/about');
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const drawer = within(await findNavigationDrawer());
    expect(await drawer.findByRole('link', { name: 'Training Programs' })).toHaveAttribute('href', '/training-programs');
    // Unlike a visitor's, the drawer stays open at this width: the bar has no site links to show instead.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById('navigation-drawer')).not.toBeNull();
  });

  it('logs out: tells the server, clears the session and cached data, goes to /', async () => {
    signIn(makeUser(), 'refresh-to-end');
    api.on('GET', '/accounts/profile/', profileOf());
    api.on('POST', '/accounts/logout/', { status: 200, data: { detail: 'Signed out.' } });
    const { user, router, queryClient } = await renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0));
    await logoutFromBar(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(api.callsTo('/accounts/logout/')).toHaveLength(1));
    expect(api.callsTo('/accounts/logout/')[0]?.body).toEqual({ refresh: 'refresh-to-end' });
    // Nothing of the user stays, and once the server has the logout, no marker that one waits.
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('ends the session at the click, while / is still loading, and the protected page goes to / rather than /login', async () => {
    signIn(makeUser(), 'refresh-to-end');
    api.on('GET', '/accounts/profile/', profileOf());
    api.on('POST', '/accounts/logout/', { status: 200, data: { detail: 'Signed out.' } });
    const { user, router } = await renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    // The navigation to / does not finish (a slow network loading the home page's code).
    const navigations: unknown[] = [];
    vi.spyOn(router, 'navigate').mockImplementation((options) => {
      navigations.push(options);
      return new Promise<void>(() => undefined);
    });
    await logoutFromBar(user);
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    // The guard of the protected page, run again as the session ended, leaves for / itself.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The Logout's own navigation never finished here: end its 'leaving' state for the tests that follow.
    setLeavingAfterLogout(false);
  });

  it('logs out even when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn();
    api.on('POST', '/accounts/logout/', () => 'network');
    const { user, router } = await renderApp('/about');
    await logoutFromBar(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});

describe('logout while quiz scores wait to sync', () => {
  /** `count` finished attempts of the signed-in user in the device's outbox, which the server cannot be reached to take. */
  async function scoresWaiting(count: number) {
    const user = makeUser();
    signIn(user);
    api.on('POST', /\/books\/quizzes\/\d+\/scores\//, () => 'network');
    for (let i = 0; i < count; i++) await writeCompletedAttempt(db, makeAttempt(user.user_id), { quizTitle: 'Fundamentals quiz' });
  }

  afterEach(async () => {
    await db.outbox.clear();
    await db.attempts.clear();
  });

  it('asks first; staying keeps the session, confirming signs out', async () => {
    await scoresWaiting(2);
    api.on('POST', '/accounts/logout/', { status: 200, data: { detail: 'Signed out.' } });
    const { user, router } = await renderApp('/about');
    expect(await screen.findByRole('link', { name: '2 scores to sync' })).toBeInTheDocument();

    await logoutFromBar(user);
    const dialog = await screen.findByRole('dialog', { name: 'Quiz scores not synced yet' });
    expect(dialog).toHaveAccessibleDescription(
      /2 quiz scores on this device have not been sent yet\. If you log out now, they stay on this device and are sent the next time you sign in here/,
    );
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getAccessToken()).not.toBeNull();
    expect(api.callsTo('/accounts/logout/')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/about');

    await logoutFromBar(user);
    const again = await screen.findByRole('dialog', { name: 'Quiz scores not synced yet' });
    await user.click(within(again).getByRole('button', { name: 'Log out anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBeNull();
    // The logout is queued and sent by the outbox runner: on a loaded machine that takes more than waitFor's default second.
    await waitFor(() => expect(api.callsTo('/accounts/logout/')).toHaveLength(1), { timeout: 10_000 });
  });

  it('asks from the drawer too (the question outlives the closed drawer)', async () => {
    await scoresWaiting(1);
    setScreenWidth(PHONE_WIDTH);
    const { user } = await renderApp('/about');
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = within(await findNavigationDrawer());
    expect(await drawer.findByRole('link', { name: '1 score to sync' })).toBeInTheDocument();
    await user.click(await drawer.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quiz scores not synced yet' });
    expect(dialog).toHaveTextContent('1 quiz score on this device has not been sent yet.');
    expect(getAccessToken()).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not ask when nothing is pending', async () => {
    signIn();
    api.on('POST', '/accounts/logout/', { status: 200, data: {} });
    const { user, router } = await renderApp('/about');
    await logoutFromBar(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
