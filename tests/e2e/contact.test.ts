/**
 * The contact form delivers (issue 33), in Chromium against a real server that mails through a
 * real SMTP server started here: a visitor's message is confirmed only once the server took it,
 * reaches CONTACT_TO, and the demo superuser reads it under Messages and marks it handled; a
 * server error, a failed request and a device offline keep what was typed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTACT_TEXT, type ContactMessage } from '../../src/contract/contact';
import type { Page as ListPage } from '../../src/contract/fields';
import { goOffline, goOnline, launchApp, PHONE_VIEWPORT } from '../helpers/browser';
import { type RunningServer, startServerProcess, tempDataDir } from '../helpers/server-process';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { api, apiLogin, DIRECTOR, signInContext } from './book-helpers';

const distDir = inject('distDir');
const INSTITUTE = 'desk@institute.example';
let smtp: TestSmtpServer;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServerProcess({
    DATA_DIR: tempDataDir(),
    DIST_DIR: distDir,
    SKIP_BUILD: '1',
    SEED_DEMO: '1',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Institute <no-reply@institute.example>',
    CONTACT_TO: INSTITUTE,
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const form = (page: Page) => page.getByRole('form', { name: 'Contact form' });

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  const contact = form(page);
  await contact.getByRole('textbox', { name: 'Name' }).fill(values.name);
  await contact.getByRole('textbox', { name: 'Email' }).fill(values.email);
  await contact.getByRole('textbox', { name: 'Message' }).fill(values.message);
  await contact.getByRole('checkbox', { name: CONTACT_TEXT.consentLabel }).check();
}

async function expectKept(page: Page, values: { name: string; email: string; message: string }) {
  const contact = form(page);
  expect(await contact.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(values.name);
  expect(await contact.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(values.email);
  expect(await contact.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(values.message);
  expect(await contact.getByRole('checkbox', { name: CONTACT_TEXT.consentLabel }).isChecked()).toBe(true);
  expect(await page.getByText(CONTACT_TEXT.success).count()).toBe(0);
}

describe('the contact form, end to end', () => {
  const visitor = {
    name: 'Dr. Farah Qureshi',
    email: 'farah.qureshi@district-hospital.example',
    message: 'Is there a seat in the March basic laparoscopy course?\nI can come for all five days.',
  };

  it('a visitor sends a message: confirmed after the server took it, mailed to CONTACT_TO', async () => {
    const app = await launchApp(server.url, { viewport: PHONE_VIEWPORT });
    try {
      const page = await app.open('/contacts');
      await fill(page, visitor);
      await form(page).getByRole('button', { name: 'Send message' }).click();
      await form(page).getByRole('alert').getByText(CONTACT_TEXT.success).waitFor();
      expect(await form(page).getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');

      const mail = await smtp.waitFor(INSTITUTE);
      expect(mail.subject).toBe(`Contact form: message from ${visitor.name}`);
      expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${visitor.email.replace(/\./g, '\\.')}\\r?$`, 'im'));
      expect(mail.text.replace(/\r\n/g, '\n')).toContain(visitor.message);
    } finally {
      await app.close();
    }
  });

  it('the superuser finds it under Messages with its date in Indian English and marks it handled, which persists', async () => {
    const director = await apiLogin(server.url, DIRECTOR);
    const app = await launchApp(server.url, { viewport: { width: 1366, height: 900 } });
    try {
      await signInContext(app.context, director);
      const page = await app.open('/dashboard');
      // At 1366 px Messages is in the bar's Account menu.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Account menu/ })
        .click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Messages' }).click();
      await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
      const card = page.getByRole('listitem', { name: visitor.name });
      await card.waitFor();
      expect(await card.getByRole('link', { name: visitor.email }).getAttribute('href')).toBe(`mailto:${visitor.email}`);
      expect(await card.innerText()).toContain('Is there a seat in the March basic laparoscopy course?\nI can come for all five days.');
      const stored = (await api<ListPage<ContactMessage>>(server.url, director, 'GET', '/contact/messages/')).data.results.find(
        (m) => m.email === visitor.email,
      )!;
      const shown = await card.locator('time').innerText();
      expect(shown).toMatch(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec) \d{4}, \d{1,2}:\d{2} (am|pm)$/);
      expect(await card.locator('time').getAttribute('datetime')).toBe(stored.created_at);

      await card.getByRole('button', { name: 'Mark as handled' }).click();
      await card.getByRole('button', { name: 'Mark as not handled' }).waitFor();
      expect(await card.getByText('Handled', { exact: true }).isVisible()).toBe(true);

      await page.reload();
      await page.getByRole('listitem', { name: visitor.name }).getByRole('button', { name: 'Mark as not handled' }).waitFor();
      const after = (await api<ListPage<ContactMessage>>(server.url, director, 'GET', '/contact/messages/')).data.results.find((m) => m.id === stored.id)!;
      expect(after.handled).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('a server error, a request that cannot leave and a device offline each say so and keep what was typed', async () => {
    const app = await launchApp(server.url, { viewport: PHONE_VIEWPORT });
    const typed = { name: 'Dr. Offline Visitor', email: 'offline.visitor@hospital.example', message: 'Typed in a ward without signal.' };
    try {
      const page = await app.open('/contacts');
      await fill(page, typed);
      const send = () => form(page).getByRole('button', { name: 'Send message' }).click();

      await page.route('**/api/contact/', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"A server error occurred."}' }),
      );
      await send();
      await form(page).getByRole('alert').getByText(CONTACT_TEXT.failed).waitFor();
      await expectKept(page, typed);

      await page.unroute('**/api/contact/');
      await page.route('**/api/contact/', (route) => route.abort('internetdisconnected'));
      await send();
      await form(page).getByRole('alert').getByText(CONTACT_TEXT.offline).waitFor();
      await expectKept(page, typed);
      await page.unroute('**/api/contact/');

      await goOffline(app.context);
      await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
      await form(page).getByRole('alert').getByRole('button', { name: 'Close' }).click();
      await send();
      await form(page).getByRole('alert').getByText(CONTACT_TEXT.offline).waitFor();
      await expectKept(page, typed);

      // Back online, the same text goes out as it was typed.
      await goOnline(app.context);
      await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
      await send();
      await form(page).getByRole('alert').getByText(CONTACT_TEXT.success).waitFor();
      await expect.poll(() => smtp.received.some((m) => m.to.includes(INSTITUTE) && m.text.includes(typed.message)), { timeout: 10_000 }).toBe(true);
    } finally {
      await app.close();
    }
  });
});
