/**
 * Search in Chromium against the real server: online from the app bar to the reader at the
 * matching block with the words highlighted; a downloaded book searched really offline
 * (context.setOffline) after a reload; and a copy updated online found offline by its new words.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, goOffline, goOnline, launchApp, waitForApp, waitForServiceWorker } from '../helpers/browser';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';
import { api, apiLogin, type ApiSession, createBookViaApi, DIRECTOR, LEARNER, signInContext } from './book-helpers';
import { downloadFromReader, eventually } from './offline-helpers';

const baseURL = inject('baseURL');
const OFFLINE_NOTICE = 'You are offline: only the books downloaded on this device were searched.';
/** The block of the second chapter that holds the match: far enough down the chapter to need a scroll. */
const MATCH_BLOCK = 24;

/** A word no other book has (letters and digits: one word to the contract). */
const uniqueWord = () => `qx${randomBytes(4).toString('hex')}`;

const filler = (n: number) =>
  textParagraph(`Paragraph ${n}: keep the camera steady, the horizon level and the instruments in view while the assistant follows the surgeon.`);

/** The second chapter's document: MATCH_BLOCK paragraphs of filler, then the one with `word` and 'sutures'. */
const dissection = (word: string) =>
  lexicalDocument(
    ...Array.from({ length: MATCH_BLOCK }, (_, n) => filler(n)),
    textParagraph(`Close the defect (${word}) with interrupted sutures before the mesh.`),
    ...Array.from({ length: 6 }, (_, n) => filler(MATCH_BLOCK + n + 1)),
  );

/** The words the page highlights (CSS Custom Highlight API), in document order. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get('search-match');
    return highlight ? [...highlight].map((range) => range.toString()) : [];
  });

/** True when the chapter's n-th block is inside the window. */
const blockInView = (page: Page, n: number) =>
  page.evaluate((n) => {
    const block = document.querySelector('[data-testid="chapter-content"]')?.children[n];
    if (!block) return false;
    const box = block.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }, n);

/** Searches from the app bar with the keyboard only: '/', the words, Enter. */
async function searchFromAppBar(page: Page, q: string) {
  // The field comes with the signed-in bar, a moment after the page.
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search books' }).waitFor();
  await page.locator('body').press('/');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search books');
  await page.keyboard.type(q);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search');
}

/** Opens the first result whose link names the chapter, with the keyboard. */
async function openResult(page: Page, chapterTitle: string) {
  const link = page
    .getByRole('list', { name: 'Search results' })
    .getByRole('link', { name: new RegExp(chapterTitle) })
    .first();
  await link.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 2, name: chapterTitle }).waitFor({ timeout: 15_000 });
}

describe('search', () => {
  let app: AppBrowser;
  let page: Page;
  let director: ApiSession;
  let bookId: number;
  let chapterId: number;
  const word = uniqueWord();
  const title = `Search ward book ${word}`;

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    const learner = await apiLogin(baseURL, LEARNER);
    bookId = await createBookViaApi(baseURL, director, title);
    for (const [order, chapter] of [
      { title: 'Access', content_delta: lexicalDocument(textParagraph('Open access with a Hasson trocar, then insufflate.')) },
      { title: 'Dissection and closure', content_delta: dissection(word) },
    ].entries()) {
      const { status, data } = await api<{ id: number }>(baseURL, director, 'POST', `/books/books/${bookId}/chapters/`, { ...chapter, order: order + 1 });
      if (status !== 201) throw new Error(`Creating a chapter failed: ${status}`);
      chapterId = data.id;
    }
    app = await launchApp(baseURL);
    await signInContext(app.context, learner);
    page = await app.open('/dashboard');
    await waitForServiceWorker(page);
  });
  afterEach(async () => {
    await goOnline(app.context);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('online: finds the words by their stems, marks them, and opens the reader at the block with the words highlighted', async () => {
    await searchFromAppBar(page, `${word} suture`);
    const results = page.getByRole('list', { name: 'Search results' });
    const group = results.getByRole('listitem', { name: title });
    await group.waitFor({ timeout: 15_000 });
    expect(await group.locator('mark').allTextContents()).toEqual([word, 'sutures']);
    expect(await page.getByText(OFFLINE_NOTICE).count()).toBe(0);

    await openResult(page, 'Dissection and closure');
    expect(new URL(page.url()).searchParams.get('block')).toBe(String(MATCH_BLOCK));
    await eventually(() => highlighted(page)).toEqual([word, 'sutures']);
    expect(await blockInView(page, MATCH_BLOCK)).toBe(true);

    // The highlight stays while the reader looks at it, and goes once they scroll on.
    await page.mouse.wheel(0, -2000);
    await eventually(() => highlighted(page)).toEqual([]);
  });

  it('offline after a reload: a downloaded book answers at once, says so, and its result opens at the block', async () => {
    await page.goto(`/book/${bookId}`);
    await waitForApp(page);
    await downloadFromReader(page);
    await goOffline(app.context);
    await page.goto('/dashboard');
    await waitForApp(page);

    await searchFromAppBar(page, `${word} suture`);
    await page.getByText(OFFLINE_NOTICE).waitFor({ timeout: 10_000 });
    const group = page.getByRole('list', { name: 'Search results' }).getByRole('listitem', { name: title });
    await group.waitFor({ timeout: 10_000 });
    expect(await group.locator('mark').allTextContents()).toEqual([word, 'sutures']);
    await openResult(page, 'Dissection and closure');
    await eventually(() => highlighted(page)).toEqual([word, 'sutures']);
    expect(await blockInView(page, MATCH_BLOCK)).toBe(true);

    // 'Search in this book', offline too.
    await page.getByRole('searchbox', { name: 'Search in this book' }).fill('hasson');
    await page.keyboard.press('Enter');
    await page.getByText(OFFLINE_NOTICE).waitFor();
    await page.getByRole('list', { name: 'Search results' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('list', { name: 'Search results' }).locator('mark').allTextContents()).toEqual(['Hasson']);

    // A search made in the search page's own form goes into the URL once its results show: a reload shows them again, offline.
    const form = page.getByRole('search', { name: 'Search this book again' });
    await form.getByRole('textbox').fill('sutures');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'sutures' && url.searchParams.get('book') === String(bookId));
    expect(await page.getByRole('list', { name: 'Search results' }).locator('mark').allTextContents()).toEqual(['sutures']);
    await page.reload();
    await waitForApp(page);
    await page.getByText(OFFLINE_NOTICE).waitFor({ timeout: 10_000 });
    await page.getByRole('list', { name: 'Search results' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('list', { name: 'Search results' }).locator('mark').allTextContents()).toEqual(['sutures']);
    await page.goBack();
    await page.getByRole('list', { name: 'Search results' }).getByText('Hasson').waitFor({ timeout: 10_000 });
  });

  it('a copy updated online is found offline by its new words, and no longer by the old ones', async () => {
    const newWord = uniqueWord();
    const { status } = await api(baseURL, director, 'PATCH', `/books/books/${bookId}/chapters/${chapterId}/`, { content_delta: dissection(newWord) });
    expect(status).toBe(200);
    // Opening the book online updates its copy in the background (reopening it at once would
    // wait for the next check: the copy was checked a moment ago).
    await page.goto('/dashboard');
    await waitForApp(page);
    await page.evaluate(
      (bookId) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('laparoscopy-app');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result.transaction('books', 'readwrite').objectStore('books');
            const all = store.getAll();
            all.onsuccess = () => {
              for (const row of all.result as { bookId: number; checkedAt: number }[]) if (row.bookId === bookId) store.put({ ...row, checkedAt: 0 });
              store.transaction.oncomplete = () => {
                open.result.close();
                resolve();
              };
            };
          };
        }),
      bookId,
    );
    await page.goto(`/book/${bookId}`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Dissection and closure', exact: true }).click();
    await page.getByText(newWord).waitFor({ timeout: 20_000 });

    await goOffline(app.context);
    await page.goto('/dashboard');
    await waitForApp(page);
    await searchFromAppBar(page, newWord);
    await page.getByText(OFFLINE_NOTICE).waitFor({ timeout: 10_000 });
    await page.getByRole('list', { name: 'Search results' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('list', { name: 'Search results' }).locator('mark').allTextContents()).toEqual([newWord]);
    // The old words of the chapter are gone (the book's title still holds `word`, not 'suture').
    await page.goto(`/search?q=${encodeURIComponent(`${word} suture`)}`);
    await waitForApp(page);
    await page.getByText(OFFLINE_NOTICE).waitFor({ timeout: 10_000 });
    await page.getByRole('status').getByText('No results.').waitFor();
  });
});
