/**
 * Issue 14: every screen at 360, 390, 768, 1366 and 1920 px — public pages, login, register,
 * the password pages, dashboard, books, create-book, a reader page, the quiz and My downloads —
 * is checked: the document is exactly as wide as the viewport and no visible element is wider
 * than it or sticks out. Outside CI each screen is also screenshotted for review
 * (screenshots/overflow-*.png, git-ignored); CI, where nobody looks at them, skips the full-page
 * captures, which were most of this file's time. One browser for the public pages and one
 * signed in serve every width: each page opens at its width.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, launchApp, saveScreenshot, waitForApp } from '../helpers/browser';
import { api, apiLogin, DIRECTOR, signInContext, type ApiSession } from './book-helpers';

const baseURL = inject('baseURL');
const WIDTHS = [360, 390, 768, 1366, 1920];
const PUBLIC = [
  '/',
  '/about',
  '/about/founder-chairman',
  '/training-programs',
  '/news-updates',
  '/news-updates/0',
  '/innovations',
  '/contacts',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=x',
];
const PRIVATE = ['/dashboard', '/books', '/create-book', '/downloads'];

/** What sticks out: the document's width, and elements wider than the viewport or past its edges. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Inside a container that clips or scrolls sideways on purpose (a wide table, a progress
      // bar's moving part), nothing shows past that container, which is checked itself.
      let clipped = false;
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width > width + 1 || box.right > width + 1 || box.left < -1) {
        offenders.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 2).join('.')} (${Math.round(box.left)}–${Math.round(box.right)})`,
        );
      }
    }
    return { documentWidth: document.documentElement.scrollWidth, width, offenders: offenders.slice(0, 6) };
  });
}

const SCREENSHOTS = process.env.CI !== 'true';
const capture = (page: Page, name: string) => (SCREENSHOTS ? saveScreenshot(page, name) : Promise.resolve());

/** A new tab of `app` at `width` × 900, opened at `path`. */
async function openAt(app: AppBrowser, width: number, path: string): Promise<Page> {
  const page = await app.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await waitForApp(page);
  return page;
}

let director: ApiSession;
let readerPath: string;
let publicApp: AppBrowser;
let signedInApp: AppBrowser;
beforeAll(async () => {
  director = await apiLogin(baseURL, DIRECTOR);
  const { data } = await api<{ results: { id: number; title: string }[] }>(baseURL, director, 'GET', '/books/books/');
  const withQuiz = data.results.find((book) => book.title === 'Fundamentals of Laparoscopic Surgery') ?? data.results[0]!;
  readerPath = `/book/${withQuiz.id}`;
  mkdirSync('screenshots', { recursive: true });
  publicApp = await launchApp(baseURL);
  signedInApp = await launchApp(baseURL);
  await signInContext(signedInApp.context, director);
});
afterAll(async () => {
  await publicApp?.close();
  await signedInApp?.close();
});

describe('no horizontal overflow on any screen', () => {
  for (const width of WIDTHS) {
    describe(`${width} px`, () => {
      const results: Record<string, Awaited<ReturnType<typeof overflow>>> = {};

      it('public pages, login, register and the password pages', async () => {
        for (const path of PUBLIC) {
          const page = await openAt(publicApp, width, path);
          try {
            await page.waitForTimeout(300);
            await capture(page, `overflow-${width}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}`);
            results[path] = await overflow(page);
          } finally {
            await page.close();
          }
        }
        for (const [path, found] of Object.entries(results)) {
          expect({ path, ...found }).toEqual({ path, documentWidth: width, width, offenders: [] });
        }
      });

      it('signed-in screens: dashboard, books, create-book, a reader page, the quiz, My downloads', async () => {
        const seen: Record<string, Awaited<ReturnType<typeof overflow>>> = {};
        for (const path of [...PRIVATE, readerPath]) {
          const page = await openAt(signedInApp, width, path);
          try {
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            await page.waitForTimeout(300);
            await capture(page, `overflow-${width}-${path.replace(/[^a-z0-9]+/gi, '_')}`);
            seen[path] = await overflow(page);
            if (path === readerPath) {
              const take = page.getByRole('button', { name: 'Take the Quiz' }).first();
              // On narrow screens the table of contents starts folded.
              if (!(await take.isVisible()))
                await page
                  .getByRole('button', { name: /Table of Contents/ })
                  .first()
                  .click();
              await take.click();
              await page
                .getByTestId('reader-pane')
                .getByRole('button', { name: /Submit Answer|Next Question|Start/ })
                .first()
                .waitFor();
              await capture(page, `overflow-${width}-quiz`);
              seen.quiz = await overflow(page);
            }
          } finally {
            await page.close();
          }
        }
        for (const [path, found] of Object.entries(seen)) {
          expect({ path, ...found }).toEqual({ path, documentWidth: width, width, offenders: [] });
        }
      });
    });
  }
});
