/**
 * Accessibility of the books list and the reader, checked by axe-core (the engine Lighthouse's
 * accessibility audits run) inside Chromium against the real server, on a phone (the Table of
 * Contents folds into a collapsible section) and on a desktop. Any violation fails the test
 * with the rule and the elements it names.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, DESKTOP_VIEWPORT, launchApp, PHONE_VIEWPORT } from '../helpers/browser';
import { apiLogin, eventually, LEARNER, signInContext } from './book-helpers';

const baseURL = inject('baseURL');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  nodes: string[];
}

/** Runs axe on the page as it is now: every WCAG 2.x A/AA rule and the best practices. */
async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an inline <script>.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html.slice(0, 200)) }));
  });
}

const chapterHeading = (page: Page) => page.getByTestId('reader-pane').getByRole('heading', { level: 2 }).first();

for (const [screen, viewport] of [
  ['a phone', PHONE_VIEWPORT],
  ['a desktop', DESKTOP_VIEWPORT],
] as const) {
  describe(`accessibility on ${screen}`, () => {
    let app: AppBrowser;

    beforeAll(async () => {
      app = await launchApp(baseURL, { viewport });
      await signInContext(app.context, await apiLogin(baseURL, LEARNER));
    });
    afterAll(async () => {
      await app?.close();
    });

    it('the reader of a demo book has no axe violations, and its headings go h1, h2 in order', async () => {
      const page = await app.open('/book/1');
      await eventually(() => chapterHeading(page).textContent()).toBe('Ergonomics and Operating-Room Set-up');
      expect(await axeViolations(page)).toEqual([]);
      // The book's title is the one h1; the Table of Contents and the chapter are sections under it.
      const levels = await page
        .locator('main h1, main h2, main h3, main h4, main h5, main h6')
        .evaluateAll((hs) => hs.map((h) => `${h.tagName}:${h.textContent}`));
      expect(levels.slice(0, 3)).toEqual(['H1:Fundamentals of Laparoscopic Surgery', 'H2:Table of Contents', 'H2:Ergonomics and Operating-Room Set-up']);
      await page.close();
    });

    it("shows the keyboard's focus on the Table of Contents' entries, and Enter opens the chapter", async () => {
      const page = await app.open('/book/1');
      await eventually(() => chapterHeading(page).textContent()).toBe('Ergonomics and Operating-Room Set-up');
      const contents = page.getByRole('navigation', { name: 'Table of Contents' });
      if (!(await contents.isVisible())) await page.getByRole('button', { name: 'Table of Contents' }).click();
      const entries = contents.getByRole('button');
      // Tab from the first entry to the second, as a keyboard user moves through the list.
      await entries.first().focus();
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { text: element.textContent, outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
      expect(focused.text).toContain('Port Placement and Triangulation');
      // The app's focus ring (MUI's list buttons drew none: outline 0).
      expect(focused.outline).toBe('solid 3px');
      await page.keyboard.press('Enter');
      await eventually(() => chapterHeading(page).textContent()).toBe('Port Placement and Triangulation');
      await page.close();
    });

    it('the books list has no axe violations', async () => {
      const page = await app.open('/books');
      await eventually(() => page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  });
}
