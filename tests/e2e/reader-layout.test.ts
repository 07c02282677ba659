/**
 * The reader on laptops and tablets (issue 33): the Table of Contents and an author's controls
 * within the first screen at 1366×900, 1280×720, 1024×768 and 768×1024, for every demo book and
 * for a book with a 1 000-character description (clamped, with 'More'); nothing in the book's
 * column cut off, and no word broken across two lines to fit a narrow column.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, launchApp } from '../helpers/browser';
import { api, apiLogin, type ApiSession, createBookViaApi, DIRECTOR, signInContext } from './book-helpers';

const baseURL = inject('baseURL');
const SCREENS = [
  { width: 1366, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];
const DEMO_BOOKS = ['Fundamentals of Laparoscopic Surgery', 'Laparoscopic Inguinal Hernia Repair: TAPP and TEP'];
const LONG_WORDS = 'Pneumoperitoneum, cholecystectomy and choledocholithiasis are explained step by step for the trainee. ';
const LONG_DESCRIPTION = LONG_WORDS.repeat(11).slice(0, 1000).trim();

/** Words of the book's column (title, author, description) that a line break splits in two (a break after a hyphen or a slash is a break between words). */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const column = document.querySelector('main h1')?.closest('.MuiStack-root');
    if (!column) return ['(no book column)'];
    const broken: string[] = [];
    const walker = document.createTreeWalker(column, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s/‐–—-]{4,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** Elements of the book's column whose content is cut off sideways (text wider than its box). */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const column = document.querySelector('main h1')?.closest('.MuiStack-root');
    if (!column) return ['(no book column)'];
    return [...column.querySelectorAll('h1, h2, p, button, a, li, .MuiAlert-message')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => `${el.tagName.toLowerCase()}: ${el.textContent?.slice(0, 40)}`);
  });
}

describe('the reader at the widths of laptops and tablets', () => {
  let director: ApiSession;
  let bookIds: number[];
  let longBookId: number;

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    const { data } = await api<{ results: { id: number; title: string }[] }>(baseURL, director, 'GET', '/books/books/?page_size=100');
    bookIds = data.results.filter((book) => DEMO_BOOKS.includes(book.title)).map((book) => book.id);
    longBookId = await createBookViaApi(baseURL, director, 'Laparoscopic cholecystectomy: the critical view of safety, step by step', {
      description: LONG_DESCRIPTION,
    });
    await api(baseURL, director, 'POST', `/books/books/${longBookId}/chapters/`, { title: 'Port placement', order: 1 });
  });

  for (const screen of SCREENS) {
    describe(`${screen.width}×${screen.height}`, () => {
      let app: AppBrowser;
      beforeAll(async () => {
        app = await launchApp(baseURL, { viewport: screen });
        await signInContext(app.context, director);
      });
      afterAll(async () => {
        await app?.close();
      });

      it("every demo book's Table of Contents and its author's buttons are on the first screen, nothing cut off or broken mid-word", async () => {
        expect(bookIds).toHaveLength(DEMO_BOOKS.length);
        for (const id of [...bookIds, longBookId]) {
          const page = await app.open(`/book/${id}`);
          const toc = page.getByRole('heading', { name: 'Table of Contents' });
          await toc.waitFor();
          const box = await toc.boundingBox();
          expect(box && box.y + box.height, `book ${id}: the Table of Contents' heading`).toBeLessThanOrEqual(screen.height);
          for (const name of [/Download for offline|Available offline/, /Edit Quiz|Add Quiz/]) {
            const control = page.getByRole('main').getByText(name).first();
            const controlBox = await control.boundingBox();
            expect(controlBox && controlBox.y + controlBox.height, `book ${id}: ${name}`).toBeLessThanOrEqual(screen.height);
          }
          expect(await clipped(page), `book ${id}`).toEqual([]);
          expect(await brokenWords(page), `book ${id}`).toEqual([]);
          await page.close();
        }
      });

      it("a 1 000-character description shows its first lines and 'More', which shows it whole", async () => {
        const page = await app.open(`/book/${longBookId}`);
        const description = page.getByText(LONG_DESCRIPTION.slice(0, 40));
        await description.waitFor();
        const height = async () => (await description.boundingBox())!.height;
        const clampedHeight = await height();
        expect(clampedHeight).toBeLessThan(120);
        const more = page.getByRole('button', { name: 'More' });
        expect(await more.getAttribute('aria-expanded')).toBe('false');
        await more.click();
        await expect.poll(height).toBeGreaterThan(clampedHeight * 2);
        expect(await description.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
        expect(await brokenWords(page)).toEqual([]);
        await page.getByRole('button', { name: 'Less' }).click();
        await expect.poll(height).toBe(clampedHeight);
        await page.close();
      });
    });
  }
});
