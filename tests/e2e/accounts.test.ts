/**
 * Accounts, session and dashboard in Chromium against the real server (SPEC §2, §4, §8):
 * registration (individual and organization), logout and login, organization member
 * management with every message (invitations themselves: invitations.test.ts), the member and no-organization notices, quiz history, and
 * — on a second server whose access tokens live 6 seconds — silent token refresh (one
 * refresh for a burst, one across two tabs) and the offline rule (an expired token is not a
 * reason to sign out while the network is unreachable).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, clickLogout, goOffline, goOnline, launchApp, waitForApp, waitForServiceWorker } from '../helpers/browser';
import { type RunningServer, startServerProcess, tempDataDir } from '../helpers/server-process';
import { apiCall, apiRegister, PASSWORD, type Registered, uniqueEmail } from './account-helpers';

const baseURL = inject('baseURL');
const distDir = inject('distDir');

/** Puts `member` into the organization through the API: the owner invites, the member accepts. */
async function apiJoin(base: string, owner: Registered, member: Registered, role: 'member' | 'admin' = 'member'): Promise<void> {
  const orgId = owner.user.organization_id!;
  const sent = await apiCall<{ invitation: { id: number } }>(base, owner.access, 'POST', `/accounts/organizations/${orgId}/add-member/`, {
    email: member.email,
    role,
  });
  if (sent.status !== 201) throw new Error(`Inviting ${member.email} failed: ${sent.status} ${JSON.stringify(sent.data)}`);
  const answered = await apiCall(base, member.access, 'POST', `/accounts/invitations/${sent.data.invitation.id}/answer/`, { accept: true });
  if (answered.status !== 200) throw new Error(`Accepting failed: ${answered.status} ${JSON.stringify(answered.data)}`);
}

async function fillRegistration(page: Page, values: { fullName: string; email: string; password?: string; confirm?: string; organization?: string }) {
  if (values.organization !== undefined) await page.getByRole('tab', { name: 'Organization Account' }).click();
  await page.getByLabel(/^Full Name/).fill(values.fullName);
  await page.getByLabel(/^Email/).fill(values.email);
  await page.getByLabel(/^Password/).fill(values.password ?? PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(values.confirm ?? values.password ?? PASSWORD);
  if (values.organization !== undefined) await page.getByLabel(/^Organization Name/).fill(values.organization);
}

async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
}

const path = (page: Page) => new URL(page.url()).pathname;
const main = (page: Page) => page.getByRole('main');
const membersCard = (page: Page) => page.getByRole('region', { name: 'Organization Members' });

/** The message shown in the members card (success is a status, failure an alert). */
async function expectCardMessage(page: Page, role: 'status' | 'alert', text: string) {
  await expect.poll(() => membersCard(page).getByRole(role).first().textContent(), { timeout: 10_000 }).toBe(text);
}

/** A tab of the shared browser, signed out first (the tests share the profile's localStorage). */
async function signedOutPage(app: AppBrowser, pathname: string): Promise<Page> {
  const page = await app.open('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(pathname);
  await waitForApp(page);
  return page;
}

function countRefreshCalls(context: BrowserContext): () => number {
  let calls = 0;
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/accounts/token/refresh/') calls++;
  });
  return () => calls;
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('accounts and dashboard (desktop)', () => {
  let app: AppBrowser;
  beforeAll(async () => {
    app = await launchApp(baseURL);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('registers an individual, stays signed in across a reload, logs out and logs in again', async () => {
    const page = await signedOutPage(app, '/register');
    const errors = collectPageErrors(page);
    const email = uniqueEmail('individual');

    // A server field error shows next to its field; the alert's one line names the field.
    await fillRegistration(page, { fullName: 'Dr. Priya Nair', email, confirm: 'Something-else-2026' });
    await page.getByRole('button', { name: 'Register as Individual' }).click();
    await expect.poll(() => page.getByLabel(/^Confirm Password/).getAttribute('aria-invalid')).toBe('true');
    expect(await main(page).getByText('Passwords do not match.').isVisible()).toBe(true);
    expect(await main(page).getByRole('alert').textContent()).toBe('Registration failed: check Confirm Password below.');

    await page.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await page.getByLabel('Phone Number').fill('+91 98450 12345');
    await page.getByRole('button', { name: 'Register as Individual' }).click();
    await page.waitForURL('**/dashboard');
    await main(page).getByText('Welcome, Dr. Priya Nair!').waitFor();
    await main(page).getByText('You are not currently associated with any organization.').waitFor();
    await main(page).getByText('You have not taken any quizzes yet.').waitFor();
    // At 1280 px the greeting and Logout are in the bar's Account menu, named by the address.
    await page
      .getByRole('banner')
      .getByRole('button', { name: `Account menu (${email})` })
      .waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Create Book' }).count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'user']));

    // A refresh keeps the session; /login sends a signed-in user back to the dashboard.
    await page.reload();
    await main(page).getByText('Welcome, Dr. Priya Nair!').waitFor();
    await page.goto('/login');
    await page.waitForURL('**/dashboard');

    await clickLogout(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('refresh_token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
      null,
    ]);

    // The protected area now sends the visitor to /login.
    await page.goto('/dashboard');
    await page.waitForURL('**/login');

    await login(page, email, 'wrong password');
    await expect.poll(() => main(page).getByRole('alert').textContent()).toBe('No active account found with the given credentials');
    expect(path(page)).toBe('/login');

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await main(page).getByText('Welcome, Dr. Priya Nair!').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('registers an organization whose owner adds and removes members, seeing every message', async () => {
    const page = await signedOutPage(app, '/register');
    const errors = collectPageErrors(page);
    const ownerEmail = uniqueEmail('owner');
    await fillRegistration(page, { fullName: 'Dr. Arjun Shetty', email: ownerEmail, organization: 'Coastal Surgical Centre' });
    await page.getByRole('button', { name: 'Register as Organization' }).click();
    await page.waitForURL('**/dashboard');
    await main(page).getByText('Welcome, Dr. Arjun Shetty!').waitFor();
    expect(await main(page).getByText('Organization: Coastal Surgical Centre · Your role: owner').count()).toBe(1);

    const table = membersCard(page).getByRole('table', { name: 'Organization members' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual(['1', 'Dr. Arjun Shetty', ownerEmail, 'owner', 'Yourself']);

    const colleague = await apiRegister(baseURL, 'colleague', 'Dr. Leela Das');

    // Add User / Cancel Adding toggle; the form invites (an address nobody registered answers alike).
    const toggle = membersCard(page).getByRole('button', { name: 'Add User' });
    await toggle.click();
    expect(await membersCard(page).getByRole('button', { name: 'Cancel Adding' }).count()).toBe(1);
    await membersCard(page)
      .getByLabel(/^User Email/)
      .fill('nobody-registered@e2e.example');
    await membersCard(page).getByRole('button', { name: 'Add User' }).click();
    await expectCardMessage(page, 'status', 'Invitation sent to nobody-registered@e2e.example.');

    await membersCard(page)
      .getByLabel(/^User Email/)
      .fill(colleague.email);
    await membersCard(page).getByLabel('Assign Role').selectOption('admin');
    await membersCard(page).getByRole('button', { name: 'Add User' }).click();
    await expectCardMessage(page, 'status', `Invitation sent to ${colleague.email}.`);
    expect(
      await membersCard(page)
        .getByLabel(/^User Email/)
        .inputValue(),
    ).toBe('');
    const invitations = membersCard(page).getByRole('list', { name: 'Pending invitations' });
    await expect
      .poll(() => invitations.getByRole('listitem').allTextContents())
      .toEqual(['nobody-registered@e2e.examplememberWithdraw', `${colleague.email}adminWithdraw`]);
    expect(await table.getByRole('row').count()).toBe(2);

    // The colleague accepts (their dashboard is tested in invitations.test.ts); the owner's list then names them.
    const { data: mine } = await apiCall<{ results: { id: number }[] }>(baseURL, colleague.access, 'GET', '/accounts/invitations/');
    expect((await apiCall(baseURL, colleague.access, 'POST', `/accounts/invitations/${mine.results[0]!.id}/answer/`, { accept: true })).status).toBe(200);
    await page.reload();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('row').nth(2).getByRole('cell').nth(3).textContent()).toBe('admin');

    await membersCard(page).getByRole('button', { name: 'Add User' }).click();
    await membersCard(page)
      .getByLabel(/^User Email/)
      .fill(colleague.email);
    await membersCard(page).getByRole('button', { name: 'Add User' }).click();
    await expectCardMessage(page, 'alert', 'This user is already a member of this organization.');

    await membersCard(page).getByRole('button', { name: 'Cancel Adding' }).click();
    expect(
      await membersCard(page)
        .getByLabel(/^User Email/)
        .count(),
    ).toBe(0);

    // Remove: the question, then the message and the reloaded list.
    await membersCard(page)
      .getByRole('button', { name: `Remove ${colleague.email}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remove member' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Are you sure you want to remove ${colleague.email} from the organization?`);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectCardMessage(page, 'status', `User ${colleague.email} removed successfully.`);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);

    // A removal the server refuses shows its detail (here: removed meanwhile by another admin).
    const { data: owner } = await apiCall<Registered>(baseURL, null, 'POST', '/accounts/login/', { email: ownerEmail, password: PASSWORD });
    const orgId = (await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).organization_id)) as number;
    const second = await apiRegister(baseURL, 'second', 'Dr. Rahul Bose');
    await apiJoin(baseURL, { ...owner, email: ownerEmail, user: { user_id: 0, organization_id: orgId } }, second);
    const { data: listed } = await apiCall<{ results: { email: string; organization_membership_id: number }[] }>(
      baseURL,
      owner.access,
      'GET',
      `/accounts/organizations/${orgId}/users/`,
    );
    const membershipId = listed.results.find((m) => m.email === second.email)!.organization_membership_id;
    await page.reload();
    await membersCard(page)
      .getByRole('button', { name: `Remove ${second.email}` })
      .waitFor();
    expect((await apiCall(baseURL, owner.access, 'DELETE', `/accounts/organizations/${orgId}/members/${membershipId}/`)).status).toBe(204);
    await membersCard(page)
      .getByRole('button', { name: `Remove ${second.email}` })
      .click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectCardMessage(page, 'alert', 'Not found.');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a plain member the notice and their quiz history with a score posted through the API', async () => {
    const owner = await apiRegister(baseURL, 'clinic-owner', 'Dr. Sana Qureshi', 'Hill Clinic');
    const resident = await apiRegister(baseURL, 'resident', 'Dr. Vikram Rao');
    await apiJoin(baseURL, owner, resident);

    // A quiz of the demo books, and a score for it.
    const { data: books } = await apiCall<{ results: { id: number; quiz: { id: number } | null }[] }>(baseURL, resident.access, 'GET', '/books/books/');
    const quizId = books.results.find((book) => book.quiz)!.quiz!.id;
    const { data: book } = await apiCall<{ quiz: { title: string; version: number; quiz_data: string } }>(
      baseURL,
      resident.access,
      'GET',
      `/books/books/${books.results.find((b) => b.quiz)!.id}/`,
    );
    // The server grades the answers sent: the first two questions answered correctly, the rest left unanswered.
    const questions = JSON.parse(book.quiz.quiz_data) as { id: string | number; answer: unknown }[];
    const answers = questions.map((q, i) =>
      i < 2 ? { questionId: q.id, answer: q.answer, status: 'answered' } : { questionId: q.id, answer: null, status: 'unanswered' },
    );
    const total = questions.length;
    const posted = await apiCall<{ quiz_title: string; submitted_at: string }>(baseURL, resident.access, 'POST', `/books/quizzes/${quizId}/scores/`, {
      quiz_version: book.quiz.version,
      answers,
    });
    expect(posted.status).toBe(201);

    const page = await signedOutPage(app, '/login');
    await login(page, resident.email);
    await page.waitForURL('**/dashboard');
    await main(page).getByText('You are a member of an organization but do not have admin rights to manage users.').waitFor();
    expect(await membersCard(page).count()).toBe(0);
    expect(await main(page).getByText('Organization: Hill Clinic · Your role: member').count()).toBe(1);

    const history = page.getByRole('region', { name: 'My Quiz History' }).getByRole('table');
    await history.waitFor();
    const cells = await history.getByRole('row').nth(1).getByRole('cell').allTextContents();
    // Indian English, as Chromium's own en-IN writes it ('27 Nov 2026, 8:13 pm'), in the device's time zone.
    const localTime = await page.evaluate(
      (iso) => new Intl.DateTimeFormat('en-IN', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
      posted.data.submitted_at,
    );
    expect(cells).toEqual(['1', posted.data.quiz_title, `2/${total}`, `${((2 / total) * 100).toFixed(1)}%`, localTime]);
    expect(posted.data.quiz_title).toBe(book.quiz.title);
    await clickLogout(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.close();
  });
});

describe('signed in on a phone (360 px)', () => {
  let app: AppBrowser;
  beforeAll(async () => {
    app = await launchApp(baseURL, { viewport: { width: 360, height: 740 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('fits the dashboard in the width and logs out from the drawer', async () => {
    const owner = await apiRegister(baseURL, 'phone-owner', 'Dr. Nisha Pillai', 'Backwaters Hospital');
    const page = await app.context.newPage();
    await login(page, owner.email);
    await page.waitForURL('**/dashboard');
    await membersCard(page).getByRole('table').waitFor();
    await membersCard(page).getByRole('button', { name: 'Add User' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.locator('#navigation-drawer');
    await drawer.getByText(`Welcome, ${owner.email}`).waitFor();
    expect(await drawer.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await drawer.getByRole('link', { name: 'Login' }).waitFor();
    await page.close();
  });

  it('takes a device whose sign-in was ended on another device to Login from the page it opens, not a lasting Loading...', async () => {
    const user = await apiRegister(baseURL, 'ended-elsewhere', 'Dr. Meera Das');
    let password = PASSWORD;
    for (const [i, pathname] of ['/books', '/book/1'].entries()) {
      const page = await signedOutPage(app, '/login');
      await login(page, user.email, password);
      await page.waitForURL('**/dashboard');
      // On another device the user changes the password: every other sign-in ends, this one too.
      const elsewhere = await apiCall<{ access: string }>(baseURL, null, 'POST', '/accounts/login/', { email: user.email, password });
      const next = `${PASSWORD}-${i}`;
      const changed = await apiCall(baseURL, elsewhere.data.access, 'POST', '/accounts/password/change/', {
        current_password: password,
        password: next,
        password2: next,
      });
      expect(changed.status).toBe(200);
      password = next;

      // The page's first requests are refused, and so is the refresh they lead to.
      await page.goto(pathname);
      await page.waitForURL('**/login', { timeout: 15_000 });
      await page.getByLabel(/^Email/).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
      await page.close();
    }
  });
});

describe('short-lived access tokens (6 s) on a second server', () => {
  let server: RunningServer;
  let app: AppBrowser;
  let refreshCalls: () => number;
  let owner: Registered;
  const LIFETIME_MS = 6_000;
  /** Waits until an access token issued now has certainly expired. */
  const outliveToken = () => new Promise((resolve) => setTimeout(resolve, LIFETIME_MS + 1_500));

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: tempDataDir(), DIST_DIR: distDir, SKIP_BUILD: '1', SEED_DEMO: '0', ACCESS_TOKEN_LIFETIME: '6' });
    app = await launchApp(server.url);
    refreshCalls = countRefreshCalls(app.context);
    owner = await apiRegister(server.url, 'short-owner', 'Dr. Farah Khan', 'Quick Token Hospital');
    const member = await apiRegister(server.url, 'short-member', 'Dr. Gopal Iyer');
    await apiJoin(server.url, owner, member);
  });
  afterAll(async () => {
    await app?.close();
    await server?.stop();
  });

  const expectDashboardData = async (page: Page) => {
    await main(page).getByText('Welcome, Dr. Farah Khan!').waitFor();
    await expect.poll(() => membersCard(page).getByRole('table').getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    await main(page).getByText('You have not taken any quizzes yet.').waitFor();
  };

  it('refreshes an expired token silently: one refresh for the burst of requests, the rotated token kept', async () => {
    const page = await app.open('/login');
    await login(page, owner.email);
    await page.waitForURL('**/dashboard');
    await expectDashboardData(page);
    await waitForServiceWorker(page);
    const before = await page.evaluate(() => localStorage.getItem('refresh_token'));
    const callsBefore = refreshCalls();

    await outliveToken();
    // The reload sends the session check and the dashboard's two lists at once, all refused.
    await page.reload();
    await expectDashboardData(page);
    expect(path(page)).toBe('/dashboard');
    expect(refreshCalls() - callsBefore).toBe(1);
    const after = await page.evaluate(() => localStorage.getItem('refresh_token'));
    expect(after).not.toBe(before);
    expect(after).toBeTruthy();
  });

  it('shares one refresh between two tabs whose token expired together', async () => {
    const first = app.context.pages()[0]!;
    const second = await app.open('/dashboard');
    await expectDashboardData(second);
    const callsBefore = refreshCalls();

    await outliveToken();
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([expectDashboardData(first), expectDashboardData(second)]);
    expect(refreshCalls() - callsBefore).toBe(1);
    // Had a rotated-out token been replayed, the server would have ended the sign-in.
    expect([path(first), path(second)]).toEqual(['/dashboard', '/dashboard']);
    await second.close();
  });

  it('keeps the signed-in user and the data while offline with an expired token, and refreshes when back online', async () => {
    const page = app.context.pages()[0]!;
    await expectDashboardData(page);
    await goOffline(app.context);
    let callsBefore = refreshCalls();
    try {
      await outliveToken();
      // Leaving the protected area and coming back runs the session check — offline, it keeps the user.
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About' }).click();
      await page.waitForURL('**/about');
      await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL('**/dashboard');
      await expectDashboardData(page);

      // A reload offline: the shell from the service worker, the user from storage.
      await page.reload();
      await waitForApp(page);
      await main(page).getByText('Welcome, Dr. Farah Khan!').waitFor();
      // The members list as last loaded, kept across the reload and marked as such.
      await membersCard(page)
        .getByText(/^You are offline: this is the list as last loaded/)
        .waitFor();
      expect(await membersCard(page).getByRole('table').getByRole('row').count()).toBe(3);
      expect(path(page)).toBe('/dashboard');
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
      // Nothing could be refreshed offline.
      expect(refreshCalls()).toBe(callsBefore);
      callsBefore = refreshCalls();
    } finally {
      await goOnline(app.context);
    }
    await expectDashboardData(page);
    await expect.poll(() => refreshCalls() - callsBefore).toBe(1);
    expect(path(page)).toBe('/dashboard');
  });
});
