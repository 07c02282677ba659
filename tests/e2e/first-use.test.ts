/**
 * Issue 14 in Chromium against the real server: what a new user trips over.
 * 1 chapter drafts survive Esc, a click outside and a reload; 2 the navbar in one row from 1024
 * to 1920 px (a learner's, a superuser's with scores to sync), its Account menu by keyboard, and
 * at 390 px; 3 no Remove on the owner's row; 4 the offline sign-in message with the network
 * really off, and the lockout in minutes; 7 the reset flow end to end through a real SMTP
 * server, profile and password changes (on a second server that mails through it).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, goOffline, launchApp, reloadAcceptingDialogs, waitForApp, waitForServiceWorker } from '../helpers/browser';
import { type RunningServer, startServerProcess, tempDataDir } from '../helpers/server-process';
import { resetLinkIn, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { api, apiLogin, createBookViaApi, DIRECTOR, LEARNER, signInContext } from './book-helpers';
import { queueAttemptInPage } from './offline-helpers';

const baseURL = inject('baseURL');
const distDir = inject('distDir');
const PASSWORD = 'Sutures&Knots-2026';
const NEW_PASSWORD = 'Trocar-Sites#2027';
let sequence = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++sequence}@e2e.example`;

async function register(base: string, email: string, fullName: string): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${base}/api/accounts/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, password2: PASSWORD, full_name: fullName }),
  });
  if (response.status !== 201) throw new Error(`Registering ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access: string; refresh: string };
}

const refreshStatus = async (base: string, refresh: string) =>
  (await fetch(`${base}/api/accounts/token/refresh/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh }) }))
    .status;

async function loginInUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
}

/** Fails when the page is wider than the viewport or an element of `selector` sticks out of it. */
async function overflowOf(page: Page, selector = 'body *') {
  return page.evaluate((sel) => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll(sel)]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1) && getComputedStyle(el).visibility !== 'hidden';
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { documentWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5) };
  }, selector);
}

/**
 * The app bar's height and its single row's (the toolbar's minimum height), the visible controls,
 * those outside the bar's one row, and those whose text spills out of them.
 */
async function barLayout(page: Page) {
  return page.getByRole('banner').evaluate((header) => {
    const bar = header.getBoundingClientRect();
    const toolbar = header.querySelector('.MuiToolbar-root')!;
    const rowHeight = Number.parseFloat(getComputedStyle(toolbar).minHeight);
    const controls = [...header.querySelectorAll<HTMLElement>('a, button, input')].filter((el) => el.getClientRects().length > 0);
    const name = (el: HTMLElement) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
    return {
      height: bar.height,
      rowHeight,
      controls: controls.map(name),
      outsideRow: controls.filter((el) => el.getBoundingClientRect().top < bar.top || el.getBoundingClientRect().bottom > bar.top + rowHeight).map(name),
      squeezed: controls.filter((el) => el.tagName !== 'INPUT' && el.scrollWidth > el.clientWidth + 1).map(name),
    };
  });
}

/** Leaves `count` quiz scores waiting to sync: the app is offline (from its service worker) with them in the outbox. */
async function queueScoresOffline(app: AppBrowser, page: Page, userId: number, count: number) {
  await waitForServiceWorker(page);
  await goOffline(app.context);
  for (let i = 0; i < count; i++) await queueAttemptInPage(page, { attemptId: randomUUID(), userId, quiz: { id: 1, version: 1 }, bookId: 1 });
  await page.reload();
  await waitForApp(page);
  await page
    .getByRole('banner')
    .getByRole('link', { name: `${count} scores to sync` })
    .waitFor({ timeout: 15_000 });
}

describe('1. chapter drafts', () => {
  let app: AppBrowser;
  let bookId: number;
  beforeAll(async () => {
    const director = await apiLogin(baseURL, DIRECTOR);
    bookId = await createBookViaApi(baseURL, director, `Drafts ${Date.now()}`);
    const chapter = await api(baseURL, director, 'POST', `/books/books/${bookId}/chapters/`, { title: 'Access', order: 1 });
    expect(chapter.status).toBe(201);
    app = await launchApp(baseURL, { viewport: { width: 1366, height: 900 } });
    await signInContext(app.context, director);
  });
  afterAll(() => app?.close());

  const editor = (page: Page) => page.getByRole('dialog', { name: 'Edit Chapter' }).locator('[contenteditable="true"]');
  const openEditor = async (page: Page) => {
    await page.getByRole('button', { name: 'Edit Chapter' }).click();
    await editor(page).waitFor();
  };
  const leaveQuestion = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

  it('asks before Esc and a click outside close unsaved text, keeps it as a draft across a reload, and saving clears it', async () => {
    const page = await app.open(`/book/${bookId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await openEditor(page);
    await editor(page).click();
    await page.keyboard.type('Establish pneumoperitoneum before the first trocar.');
    await page.waitForTimeout(800);

    await page.keyboard.press('Escape');
    await leaveQuestion(page).waitFor();
    await leaveQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
    await leaveQuestion(page).waitFor({ state: 'detached' });
    expect(await editor(page).textContent()).toContain('Establish pneumoperitoneum');

    // A click outside the dialog (on the backdrop, top-left corner).
    await page.mouse.click(4, 300);
    await leaveQuestion(page).waitFor();
    await leaveQuestion(page).getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('dialog', { name: 'Edit Chapter' }).waitFor({ state: 'detached' });

    await openEditor(page);
    const dialog = page.getByRole('dialog', { name: 'Edit Chapter' });
    expect(await editor(page).textContent()).not.toContain('Establish pneumoperitoneum');
    await dialog.getByRole('button', { name: 'Restore draft' }).click();
    await expect.poll(() => editor(page).textContent()).toContain('Establish pneumoperitoneum');

    // A reload with unsaved changes warns first; the draft survives it.
    await editor(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Check the Veress needle.');
    await page.waitForTimeout(800);
    expect(await reloadAcceptingDialogs(page)).toEqual(['beforeunload']);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await openEditor(page);
    await dialog.getByRole('button', { name: 'Restore draft' }).click();
    await expect.poll(() => editor(page).textContent()).toContain('Check the Veress needle.');

    await dialog.getByRole('button', { name: 'Save Chapter' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('reader-pane').getByText('Check the Veress needle.').waitFor();
    await openEditor(page);
    await page.waitForTimeout(500);
    expect(await dialog.getByRole('button', { name: 'Restore draft' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('2. the navbar', () => {
  let longEmail: string;
  let longSession: { access: string; refresh: string };
  beforeAll(async () => {
    longEmail = uniqueEmail('a-very-long-address-of-a-visiting-consultant-surgeon');
    longSession = await register(baseURL, longEmail, 'Dr. Long Address');
  });

  it('keeps the signed-in bar on one row from 1024 to 1920 px, nothing off screen', async () => {
    const app = await launchApp(baseURL, { viewport: { width: 1366, height: 800 } });
    try {
      await signInContext(app.context, await apiLogin(baseURL, DIRECTOR));
      const page = await app.open('/books');
      const banner = page.getByRole('banner');
      await banner.getByText(`Welcome, ${DIRECTOR}`).waitFor();
      for (const width of [1024, 1200, 1280, 1366, 1440, 1536, 1600, 1800, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        const bar = await barLayout(page);
        expect(bar.height, `${width} px`).toBe(bar.rowHeight);
        const overflow = await overflowOf(page, 'header *');
        expect(overflow.wide).toEqual([]);
        expect(overflow.documentWidth).toBe(width);
        // From 1366 px the greeting is in the bar, whole (also beside 'Install app' when the browser offers it).
        if (width >= 1366) expect(await page.getByTestId('navbar-greeting').evaluate((el) => el.scrollWidth <= el.clientWidth), `${width} px`).toBe(true);
      }
    } finally {
      await app.close();
    }
  });

  // A learner's bar, and a superuser's with the most it can hold: Create Book, Messages and three scores waiting to sync.
  for (const who of ['learner', 'superuser with scores to sync'] as const) {
    it(`puts a ${who}'s bar in one row at 1280x720, 1366x900, 1440x900 and 1920x1080, every control whole`, async () => {
      const app = await launchApp(baseURL, { viewport: { width: 1280, height: 720 } });
      try {
        const session = await apiLogin(baseURL, who === 'learner' ? LEARNER : DIRECTOR);
        await signInContext(app.context, session);
        const page = await app.open('/books');
        const banner = page.getByRole('banner');
        await banner.getByRole('button', { name: /^Account menu/ }).waitFor();
        if (who !== 'learner') await queueScoresOffline(app, page, session.user.user_id as number, 3);
        for (const [width, height] of [
          [1280, 720],
          [1366, 900],
          [1440, 900],
          [1920, 1080],
        ] as const) {
          await page.setViewportSize({ width, height });
          const bar = await barLayout(page);
          const at = `${who} at ${width}x${height}`;
          expect(bar.height, at).toBe(bar.rowHeight);
          // Search, Install app, the account's links and Menu: each in the bar's one row, none squeezed over the next.
          expect(bar.controls.length, at).toBeGreaterThanOrEqual(5);
          expect(bar.outsideRow, at).toEqual([]);
          expect(bar.squeezed, at).toEqual([]);
          expect((await overflowOf(page, 'header *')).wide, at).toEqual([]);
          // The greeting, where the bar has it (else it heads the Account menu), is whole: this address is of ordinary length.
          const greeting = page.getByTestId('navbar-greeting');
          if (await greeting.isVisible()) expect(await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth), at).toBe(true);
        }
      } finally {
        await app.close();
      }
    });
  }

  it('opens the Account menu from the keyboard, moves with the arrows, and gives the focus back on Escape', async () => {
    const app = await launchApp(baseURL, { viewport: { width: 1280, height: 720 } });
    try {
      await signInContext(app.context, await apiLogin(baseURL, DIRECTOR));
      const page = await app.open('/books');
      const button = page.getByRole('banner').getByRole('button', { name: /^Account menu/ });
      await button.waitFor();
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return { role: el.getAttribute('role'), text: el.textContent?.trim(), focusVisible: el.matches(':focus-visible') };
        });
      for (const key of ['Enter', ' ']) {
        await button.focus();
        await page.keyboard.press(key);
        const menu = page.getByRole('menu', { name: /^Account menu/ });
        await menu.waitFor();
        // Dashboard and Books are in the bar beside the button: the menu starts with what the bar does not show.
        await expect.poll(focused).toEqual({ role: 'menuitem', text: 'My downloads', focusVisible: true });
        expect(await menu.getByText(`Welcome, ${DIRECTOR}`).isVisible()).toBe(true);
        await page.keyboard.press('ArrowDown');
        expect(await focused()).toEqual({ role: 'menuitem', text: 'Practice', focusVisible: true });
        await page.keyboard.press('ArrowDown');
        expect((await focused()).text).toBe('Create Book');
        await page.keyboard.press('ArrowUp');
        expect((await focused()).text).toBe('Practice');
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        expect(await button.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
      }
    } finally {
      await app.close();
    }
  });

  it("shows 'Welcome, {email}' and Logout inline at 1366 px, the other links in the Account menu; everything inline at 1800 px", async () => {
    const app = await launchApp(baseURL, { viewport: { width: 1366, height: 800 } });
    try {
      await signInContext(app.context, await apiLogin(baseURL, DIRECTOR));
      const page = await app.open('/books');
      const banner = page.getByRole('banner');
      await banner.getByText(`Welcome, ${DIRECTOR}`).waitFor();
      // An address of ordinary length is shown whole, not cut with an ellipsis.
      expect(await page.getByTestId('navbar-greeting').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await banner.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      expect(await banner.getByRole('link', { name: 'Create Book' }).isVisible()).toBe(false);
      await banner.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Create Book' }).waitFor();
      await page.getByRole('menu').press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      // The site's pages are behind Menu, also at this width.
      await banner.getByRole('button', { name: 'Open navigation menu' }).click();
      await page.locator('#navigation-drawer').getByRole('link', { name: 'Training Programs' }).waitFor();
      await page.keyboard.press('Escape');
      await page.locator('#navigation-drawer').waitFor({ state: 'hidden' });

      await page.setViewportSize({ width: 1800, height: 800 });
      expect(await banner.getByRole('link', { name: 'Create Book' }).isVisible()).toBe(true);
      expect(await banner.getByRole('link', { name: 'Messages' }).isVisible()).toBe(true);
      expect(await banner.getByRole('button', { name: /^Account menu/ }).isVisible()).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('shortens a long address with an ellipsis and shows it whole in a tooltip', async () => {
    const app = await launchApp(baseURL, { viewport: { width: 1366, height: 800 } });
    try {
      const claims = JSON.parse(Buffer.from(longSession.access.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      await signInContext(app.context, { ...longSession, user: claims });
      const page = await app.open('/dashboard');
      const greeting = page.getByTestId('navbar-greeting');
      await greeting.waitFor();
      // Polled: the greeting is rendered again inside the tooltip once the tooltip's code has loaded,
      // and a read that falls between the two finds the first one detached.
      await expect.poll(() => greeting.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true);
      await greeting.hover();
      expect(await page.getByRole('tooltip').textContent()).toBe(longEmail);
      expect((await overflowOf(page)).documentWidth).toBe(1366);
    } finally {
      await app.close();
    }
  });

  it("at 390 px puts them in the drawer behind a button labelled 'Menu'", async () => {
    const app = await launchApp(baseURL, { viewport: { width: 390, height: 844 } });
    try {
      await signInContext(app.context, await apiLogin(baseURL, DIRECTOR));
      const page = await app.open('/books');
      const menu = page.getByRole('banner').getByRole('button', { name: 'Open navigation menu' });
      expect((await menu.textContent())?.trim()).toBe('Menu');
      await menu.click();
      const drawer = page.locator('#navigation-drawer');
      await drawer.getByText(`Welcome, ${DIRECTOR}`).waitFor();
      expect(await drawer.getByRole('link', { name: 'Create Book' }).isVisible()).toBe(true);
      expect(await drawer.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      expect((await overflowOf(page)).documentWidth).toBe(390);
    } finally {
      await app.close();
    }
  });
});

describe('3 and 4. only what the user may do; messages a person understands', () => {
  let app: AppBrowser;
  beforeAll(async () => {
    app = await launchApp(baseURL, { viewport: { width: 1366, height: 900 } });
  });
  afterAll(() => app?.close());

  it("shows an organization admin no Remove on the owner's row or on its own row", async () => {
    const context = app.context;
    const page = await context.newPage();
    await loginInUi(page, 'admin@cityhospital.example', 'Endotrainer#2026');
    await page.waitForURL('**/dashboard');
    const table = page.getByRole('table', { name: 'Organization members' });
    await table.waitFor();
    const ownerRow = table.getByRole('row').filter({ hasText: 'owner@cityhospital.example' });
    const ownRow = table.getByRole('row').filter({ hasText: 'admin@cityhospital.example' });
    const memberRow = table.getByRole('row').filter({ hasText: 'resident@cityhospital.example' });
    await memberRow.getByRole('button', { name: 'Remove resident@cityhospital.example' }).waitFor();
    expect(await ownerRow.getByRole('button').count()).toBe(0);
    expect(await ownRow.getByRole('button').count()).toBe(0);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.close();
  });

  it('says the device is offline when signing in without a connection', async () => {
    const fresh = await launchApp(baseURL, { viewport: { width: 390, height: 844 } });
    try {
      const page = await fresh.open('/login');
      await page.getByLabel(/^Email/).fill('learner@example.com');
      await page.getByLabel(/^Password/).fill('Endotrainer#2026');
      await goOffline(fresh.context);
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
      const alert = page.getByRole('main').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/^This device is offline\. Signing in needs a connection/);
    } finally {
      await fresh.close();
    }
  });

  it('says how many minutes the lockout lasts and what to do', async () => {
    const email = uniqueEmail('locked');
    await register(baseURL, email, 'Dr. Locked Out');
    for (let i = 0; i < 5; i++) {
      await fetch(`${baseURL}/api/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `wrong-${i}` }),
      });
    }
    const fresh = await launchApp(baseURL, { viewport: { width: 1366, height: 900 } });
    try {
      const page = await fresh.context.newPage();
      await loginInUi(page, email, PASSWORD);
      const alert = page.getByRole('main').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        "Too many failed sign-in attempts. Sign-in is paused for 15 minutes: wait and try again, or choose 'Forgot password?' to set a new password.",
      );
    } finally {
      await fresh.close();
    }
  });
});

describe('7. account self-service (a server that mails through a real SMTP server)', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let app: AppBrowser;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServerProcess({
      DATA_DIR: tempDataDir(),
      DIST_DIR: distDir,
      SKIP_BUILD: '1',
      SEED_DEMO: '0',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Institute <no-reply@institute.example>',
    });
    app = await launchApp(server.url, { viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await app?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('resets a forgotten password from the login page through the mailed link, ending the old sign-ins', async () => {
    const email = uniqueEmail('forgetful');
    const old = await register(server.url, email, 'Dr. Forgetful');
    const page = await app.open('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The router changes the address first and renders the page once its code has loaded: until
    // then the login form, with an Email field of its own, is still on screen. Type into the
    // forgot-password form's field (typing into the login's one left the reset form empty, and the
    // browser's required-field check then stopped the submit without a word).
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.waitFor();
    const emailField = form.getByLabel(/^Email/);
    await expect
      .poll(async () => {
        if ((await emailField.inputValue()) !== email) await emailField.fill(email);
        return emailField.inputValue();
      })
      .toBe(email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .getByText(/If an account uses this address/)
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${await page.getByRole('main').innerText()}\n${server.output().slice(-2000)}`);
      });

    const link = resetLinkIn(await smtp.waitFor(email));
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await waitForApp(page);
    await page.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm New Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('status').getByText('Your password has been changed. You can now log in with it.').waitFor();
    expect(await refreshStatus(server.url, old.refresh)).toBe(401);

    // The link works once: opened again, its page says so before anything is typed.
    await page.goto(link);
    await waitForApp(page);
    await page
      .getByRole('alert')
      .getByText(/This link is invalid, was already used or has expired/)
      .waitFor();
    expect(await page.getByLabel(/^New Password/).count()).toBe(0);

    await loginInUi(page, email, NEW_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.close();
  });

  it('edits the profile and changes the password on the dashboard, signing out the other devices', async () => {
    const email = uniqueEmail('settings');
    const elsewhere = await register(server.url, email, 'Dr Typo Name');
    const page = await app.open('/');
    await page.evaluate(() => localStorage.clear());
    await loginInUi(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByText('Welcome, Dr Typo Name!').waitFor();

    await page.getByRole('button', { name: 'Edit profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Edit profile' });
    await expect.poll(() => profile.getByLabel(/^Full Name/).inputValue()).toBe('Dr Typo Name');
    await profile.getByLabel(/^Full Name/).fill('Dr. Fixed Name');
    await profile.getByLabel('Bio').fill('Registrar, general surgery');
    await profile.getByLabel('Phone Number').fill('+91 98450 12345');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').getByText('Your profile has been saved.').waitFor();
    await page.getByText('Welcome, Dr. Fixed Name!').waitFor();

    await page.getByRole('button', { name: 'Change password' }).click();
    const change = page.getByRole('dialog', { name: 'Change password' });
    await change.getByLabel(/^Current Password/).fill('not-my-password');
    await change.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await change.getByLabel(/^Confirm New Password/).fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.getByText('Your current password is not correct.').waitFor();
    await change.getByLabel(/^Current Password/).fill(PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('status')
      .getByText(/You were signed out on every other device/)
      .waitFor();
    expect(await refreshStatus(server.url, elsewhere.refresh)).toBe(401);

    // This device stays signed in, with the new name, after a reload.
    await page.reload();
    await waitForApp(page);
    await page.getByText('Welcome, Dr. Fixed Name!').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('refresh_token'));
    expect(await refreshStatus(server.url, stored!)).toBe(200);
    await page.close();
  });
});
