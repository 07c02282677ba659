/**
 * Issue 36 in Chromium against the real server: a learner misses both questions of a quiz, sees
 * '2 questions due for review', reviews one online and the other with the network really off in
 * the downloaded book; the review waits on the device across a reload, reaches the server once
 * back online, and a second browser profile of the same learner gets the same deck and due times.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type AppBrowser, goOffline, goOnline, launchApp, waitForApp, waitForServiceWorker } from '../helpers/browser';
import { singleChoice, wrongChoice } from '../helpers/quiz-fixture';
import { apiCall, apiRegister, PASSWORD } from './account-helpers';
import { apiLogin, type ApiSession, DIRECTOR, signInContext } from './book-helpers';
import { createOfflineBook, downloadFromReader, eventually } from './offline-helpers';

const baseURL = inject('baseURL');

const apps: AppBrowser[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function open(session: ApiSession, pathname: string): Promise<Page> {
  const app = await launchApp(baseURL, { viewport: { width: 1366, height: 900 } });
  apps.push(app);
  await signInContext(app.context, session);
  return app.open(pathname);
}

/** The review rows still waiting on this device for the server. */
const waitingReviews = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('laparoscopy-app');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const count = request.result.transaction('reviewOutbox').objectStore('reviewOutbox').count();
          count.onsuccess = () => {
            request.result.close();
            resolve(count.result);
          };
        };
      }),
  );

/** The device's due time of each card, by question. */
const deviceDueTimes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, string | null>>((resolve, reject) => {
        const request = indexedDB.open('laparoscopy-app');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const all = request.result.transaction('reviewCards').objectStore('reviewCards').getAll();
          all.onsuccess = () => {
            request.result.close();
            const rows = all.result as { questionId: string; serverState: { due: string } | null }[];
            resolve(Object.fromEntries(rows.map((row) => [row.questionId, row.serverState?.due ?? null])));
          };
        };
      }),
  );

interface CardSeen {
  question: string;
  events: { client_event_id: string }[];
  state: { due: string };
}

describe('spaced review', () => {
  it('brings back both missed questions, reviews one online and one offline, sends each review once, and shows a second device the same deck', async () => {
    const book = await createOfflineBook(baseURL, await apiLogin(baseURL, DIRECTOR));
    const learner = await apiRegister(baseURL, 'reviewer', 'Dr. Kavya Nair');
    const session = await apiLogin(baseURL, learner.email, PASSWORD);
    const cardsOnServer = async () => (await apiCall<{ results: CardSeen[] }>(baseURL, session.access, 'GET', '/review/cards/')).data.results;

    const page = await open(session, `/book/${book.bookId}`);
    await page.getByRole('heading', { name: book.title }).first().waitFor();
    await waitForServiceWorker(page);
    await downloadFromReader(page);

    // Both questions answered wrong.
    await page.getByRole('button', { name: 'Take the Quiz' }).click();
    const pane = page.getByTestId('reader-pane');
    for (const [index, finish] of [
      [1, 'Next Question'],
      [2, 'Finish Quiz'],
    ] as const) {
      await pane.getByText(`Question ${index} of 2`).waitFor();
      await pane.getByRole('radio', { name: wrongChoice }).check();
      await pane.getByRole('button', { name: 'Submit Answer' }).click();
      await pane.getByText('Incorrect!').waitFor();
      await pane.getByRole('button', { name: finish }).click();
    }
    await page.getByText('Score saved').waitFor({ timeout: 15_000 });
    expect((await cardsOnServer()).map((card) => card.question).sort()).toEqual(['q1', 'q2']);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: '2 questions due for review' }).click();
    await page.waitForURL('**/review');
    await page.getByRole('button', { name: 'Start review' }).click();
    const card = page.getByRole('region', { name: 'Review question' });

    // The first online: right this time.
    await card.getByText('Question 1 of 2').waitFor();
    await card.getByRole('radio', { name: singleChoice.answer }).check();
    await card.getByRole('button', { name: 'Check' }).click();
    await card.getByText('Correct!').waitFor();
    await eventually(async () => (await cardsOnServer()).reduce((n, c) => n + c.events.length, 0), 20_000).toBe(1);

    // The second offline, from the downloaded book: it waits on the device, also across a reload.
    await goOffline(page.context());
    try {
      await card.getByRole('button', { name: 'Next' }).click();
      await card.getByText('Question 2 of 2').waitFor();
      await card.getByRole('radio', { name: singleChoice.answer }).check();
      await card.getByRole('button', { name: 'Check' }).click();
      await card.getByText('Correct!').waitFor();
      await card.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Reviewed 2: 2 right, 0 again').waitFor();
      expect(await waitingReviews(page)).toBe(1);
      await page.reload();
      await waitForApp(page);
      await page.getByText('0 questions due for review').waitFor();
      expect(await waitingReviews(page)).toBe(1);
      expect((await cardsOnServer()).reduce((n, c) => n + c.events.length, 0)).toBe(1);
    } finally {
      await goOnline(page.context());
    }

    // Online again: the server holds each review once.
    await eventually(() => waitingReviews(page), 20_000).toBe(0);
    const cards = await cardsOnServer();
    expect(cards.map((c) => c.events.length)).toEqual([1, 1]);

    // A second profile of the same learner: the same deck, with the server's due times.
    const other = await open(session, '/review');
    await other.getByText('0 questions due for review').waitFor();
    await eventually(() => deviceDueTimes(other), 15_000).toEqual(Object.fromEntries(cards.map((c) => [c.question, c.state.due])));
  });
});
