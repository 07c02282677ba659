import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NAVBAR_LINKS } from '../../src/components/navigation-links';
import { type AppBrowser, DESKTOP_VIEWPORT, launchApp, PHONE_VIEWPORT, recordScriptRequests, waitForApp } from '../helpers/browser';
import { PUBLIC_ROUTES } from './public-routes';

const baseURL = inject('baseURL');

/** Code the public pages must never load (editor, quiz engine, offline library, protected screens). */
const PRIVATE_CODE = /lexical|editor|quiz|reader|offline|dexie|create-book|book\._bookId|dashboard|books-/i;

async function expectRoute(page: Page, route: (typeof PUBLIC_ROUTES)[number]) {
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(route.heading);
  const text = (await page.locator('main').textContent()) ?? '';
  for (const expected of route.texts) expect(text, `${route.path} shows "${expected}"`).toContain(expected);
}

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The machine has no internet: only the map iframe's own requests may fail.
    if (message.type() === 'error' && !/google\.com|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED/.test(message.text() + message.location().url)) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return problems;
}

describe('public site in Chromium (desktop)', () => {
  let app: AppBrowser;
  beforeAll(async () => {
    app = await launchApp(baseURL);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the navbar's form for the screen's width, and the other one when the window crosses the breakpoint", async () => {
    const page = await app.open('/');
    const header = page.getByRole('banner');
    const visibleLinks = () => header.locator('nav[aria-label="Main"] a').evaluateAll((links) => links.filter((link) => link.checkVisibility()).length);
    const menuButton = header.getByRole('button', { name: 'Open navigation menu' });
    await expect.poll(visibleLinks).toBe(NAVBAR_LINKS.length);
    expect(await menuButton.isVisible()).toBe(false);
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect.poll(visibleLinks).toBe(0);
    expect(await menuButton.isVisible()).toBe(true);
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await expect.poll(visibleLinks).toBe(NAVBAR_LINKS.length);
    expect(await header.getByRole('link', { name: 'Training Programs' }).isVisible()).toBe(true);
    expect(await menuButton.isVisible()).toBe(false);
    await page.close();
  });

  it('does not request the editor, quiz or offline-library chunks on /', async () => {
    const page = await app.context.newPage();
    const scripts = recordScriptRequests(page);
    await page.goto('/');
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const names = scripts.map((url) => new URL(url).pathname);
    expect(names.some((name) => /^\/assets\/index-[\w-]+\.js$/.test(name))).toBe(true);
    expect(names.filter((name) => PRIVATE_CODE.test(name))).toEqual([]);

    // Every private chunk that exists in this build is a chunk / did not load.
    const built = readdirSync(path.join(inject('distDir'), 'assets')).filter((file) => file.endsWith('.js') && PRIVATE_CODE.test(file));
    expect(built.length).toBeGreaterThan(0);
    for (const file of built) expect(names).not.toContain(`/assets/${file}`);

    // Control: the split works — the news page's chunk arrives only when news is opened.
    expect(names.some((name) => name.includes('news-updates'))).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News & Updates' }).click();
    await expect.poll(() => scripts.some((url) => url.includes('news-updates'))).toBe(true);
    await page.close();
  });

  it('shows every public route with its key texts, without errors', async () => {
    const page = await app.context.newPage();
    const problems = collectProblems(page);
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      await waitForApp(page);
      await expectRoute(page, route);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('redirects unknown paths to / and scrolls to the top on navigation', async () => {
    const page = await app.open('/no/such/page');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Empowering Surgeons, Advancing Healthcare');

    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About the Institute');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // READ MORE jumps to the timeline on the same page; a hash change is not a path change.
    await page.getByRole('link', { name: 'READ MORE' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#timeline');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('timeline')!.getBoundingClientRect().top))).toBeLessThan(200);
    await page.close();
  });

  it('validates the contact form and confirms a valid submission', async () => {
    const page = await app.open('/contacts');
    await page.getByRole('button', { name: 'Send message' }).click();
    for (const message of [
      'Please provide your name.',
      'Please provide a valid email address.',
      'Please enter your message.',
      'You must agree before submitting.',
    ]) {
      await expect.poll(() => page.getByText(message).isVisible()).toBe(true);
    }
    await page.getByRole('textbox', { name: 'Name' }).fill('Resident surgeon');
    await page.getByRole('textbox', { name: 'Email' }).fill('resident@hospital.example');
    await page.getByRole('textbox', { name: 'Message' }).fill('When does the next hernia course start?');
    await page.getByRole('checkbox', { name: 'I agree that my submitted data is being collected and stored.' }).check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Form submitted successfully!');
    await page.close();
  });

  it('moves between news posts with Previous and Next', async () => {
    const page = await app.open('/news-updates/0');
    expect(await page.getByRole('link', { name: /^Previous/ }).count()).toBe(0);
    await page.getByRole('link', { name: /^Next/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/news-updates/1');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('National Hernia Workshop 2018');
    await page.goto('/news-updates/17');
    await waitForApp(page);
    expect(await page.getByRole('link', { name: /^Next/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Previous/ }).count()).toBe(1);
    await page.close();
  });
});

describe('public site on a 390 px phone', () => {
  let app: AppBrowser;
  beforeAll(async () => {
    app = await launchApp(baseURL, { viewport: PHONE_VIEWPORT });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('fits every public route in the width of the screen', async () => {
    const page = await app.context.newPage();
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      await waitForApp(page);
      await expectRoute(page, route);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${route.path} overflows horizontally`).toBeLessThanOrEqual(0);
    }
    await page.close();
  });

  it('collapses the navbar into a drawer', async () => {
    // The prerendered page holds the wide bar's links too (the build cannot know the width)…
    const html = await (await app.context.request.get('/')).text();
    expect(html).toMatch(/<nav[^>]*aria-label="Main"[^>]*>(?:(?!<\/nav>)[\s\S])*Training Programs/);
    const page = await app.open('/');
    const header = page.getByRole('banner');
    // …which a phone does not show: only the Menu button's form.
    expect(await header.getByRole('link', { name: 'Training Programs' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.locator('#navigation-drawer');
    await drawer.getByRole('link', { name: 'Training Programs' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Training Programs');
    await expect.poll(() => drawer.count()).toBe(0);
    await page.close();
  });
});
