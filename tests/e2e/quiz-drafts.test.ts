/**
 * Issue 14 for the quiz editor, in Chromium against the real server: an author types a question,
 * reloads the page (the browser asks first), and the editor offers the draft back; 'Restore draft'
 * puts the question back exactly, and saving the quiz clears the draft.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, launchApp, reloadAcceptingDialogs, waitForApp } from '../helpers/browser';
import { apiLogin, type ApiSession, collectProblems, createBookViaApi, DIRECTOR, eventually, signInContext } from './book-helpers';

const baseURL = inject('baseURL');

const card = (page: Page, n: number) => page.getByRole('listitem', { name: `Question ${n}` });
const field = (scope: Locator | Page, name: string) => scope.getByRole('textbox', { name, exact: true });

describe('quiz editor drafts', () => {
  let author: AppBrowser;
  let director: ApiSession;

  beforeAll(async () => {
    director = await apiLogin(baseURL, DIRECTOR);
    author = await launchApp(baseURL);
    await signInContext(author.context, director);
  });
  afterAll(async () => {
    await author?.close();
  });

  it('keeps a typed question across a reload and restores it; saving clears the draft', async () => {
    const bookId = await createBookViaApi(baseURL, director, 'E2E quiz draft');
    const page = await author.open(`/book/${bookId}/edit-quiz`);
    const problems = collectProblems(page);
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Add Quiz' }).count()).toBe(1);
    await field(page, 'Quiz Title').fill('Draft survives a reload');
    await page.getByRole('button', { name: 'Add Question' }).click();
    let q = card(page, 1);
    await field(q, 'Question').fill('Which gas is used for pneumoperitoneum?');
    await field(q, 'Option 1').fill('CO2');
    await field(q, 'Option 2').fill('Air');
    await q.getByRole('radio', { name: 'Option 1 is correct' }).check();
    await field(q, 'Explanation (optional)').fill('CO2 is non-flammable and quickly absorbed.');

    // The autosave runs half a second after typing stops; a reload with unsaved changes asks first, and the draft survives it.
    await page.waitForTimeout(800);
    expect(await reloadAcceptingDialogs(page)).toEqual(['beforeunload']);
    const offer = page.getByRole('status').filter({ hasText: 'You have an unsaved draft of this quiz' });
    await offer.waitFor();
    expect(await field(page, 'Quiz Title').inputValue()).toBe('E2E quiz draft — Quiz');
    expect(await card(page, 1).count()).toBe(0);
    await offer.getByRole('button', { name: 'Restore draft' }).click();
    await offer.waitFor({ state: 'detached' });

    q = card(page, 1);
    expect(await field(page, 'Quiz Title').inputValue()).toBe('Draft survives a reload');
    expect(await field(q, 'Question').inputValue()).toBe('Which gas is used for pneumoperitoneum?');
    expect(await field(q, 'Option 1').inputValue()).toBe('CO2');
    expect(await field(q, 'Option 2').inputValue()).toBe('Air');
    expect(await q.getByRole('radio', { name: 'Option 1 is correct' }).isChecked()).toBe(true);
    expect(await field(q, 'Explanation (optional)').inputValue()).toBe('CO2 is non-flammable and quickly absorbed.');

    // Saving stores the restored quiz and clears the draft: a reload offers nothing.
    await page.getByRole('button', { name: 'Save Quiz' }).click();
    await page.getByText('Quiz saved (version 1)').waitFor();
    await page.waitForTimeout(800);
    await page.reload();
    await waitForApp(page);
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Edit Quiz' }).count()).toBe(1);
    expect(await field(page, 'Quiz Title').inputValue()).toBe('Draft survives a reload');
    await page.waitForTimeout(500);
    expect(await page.getByRole('button', { name: 'Restore draft' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
