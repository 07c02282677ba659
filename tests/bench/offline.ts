/**
 * Offline figures of issue 11, for `npm run bench`:
 * - tapping a downloaded chapter to its text on screen, offline, at phone width (goal ≤ 100 ms);
 * - flushing 100 pending attempts to the real server once the connection returns (goal ≤ 5 s).
 * A fresh Chromium profile, the real server, the book downloaded through the UI.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PHONE_VIEWPORT } from '../helpers/browser';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';
import { attemptAnswers, singleChoice } from '../helpers/quiz-fixture';
import { api, apiLogin, type ApiSession, DIRECTOR, LEARNER } from '../e2e/book-helpers';
import { uploadImage } from '../e2e/offline-helpers';

export interface OfflineFigures {
  /** Milliseconds from the tap to the chapter's text in the page, each tap. */
  chapterTapMs: number[];
  /** Milliseconds from the connection's return until 100 queued attempts were all accepted. */
  flush100Ms: number;
}

/** A book of four ~50 KB chapters, each starting with a marker the measure waits for. */
async function createBenchBook(baseURL: string) {
  const director = await apiLogin(baseURL, DIRECTOR);
  const imageUrl = await uploadImage(baseURL, director);
  const { data: book } = await api<{ id: number }>(baseURL, director, 'POST', '/books/books/', {
    title: `Offline bench ${randomUUID().slice(0, 6)}`,
    author: 'Bench',
    description: 'Bench book',
    cover_image_url: imageUrl,
  });
  const filler = 'The pneumoperitoneum is established with carbon dioxide at 12 to 15 mmHg before the ports are placed under vision. ';
  const titles: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const title = `Bench chapter ${i}`;
    titles.push(title);
    const children = [textParagraph(`Marker of chapter ${i}.`), ...Array.from({ length: 40 }, () => textParagraph(filler.repeat(11)))];
    const { status } = await api(baseURL, director, 'POST', `/books/books/${book.id}/chapters/`, {
      title,
      order: i,
      content_delta: lexicalDocument(...children),
    });
    if (status !== 201) throw new Error(`Bench chapter ${i} was not created (${status})`);
  }
  const quiz = await api<{ id: number; version: number }>(baseURL, director, 'PUT', `/books/books/${book.id}/quiz/`, {
    title: 'Bench quiz',
    quiz_data: [singleChoice],
  });
  return { bookId: book.id, titles, quizId: quiz.data.id };
}

/** Taps a chapter in the Table of Contents and waits (in the page) for its marker text. */
async function tapChapter(page: Page, title: string, marker: string): Promise<number> {
  const toc = page.getByRole('button', { name: 'Table of Contents' });
  if ((await toc.count()) > 0 && (await toc.getAttribute('aria-expanded')) === 'false') await toc.click();
  const button = page.getByRole('button', { name: title, exact: true });
  await button.waitFor();
  const handle = await button.elementHandle();
  return page.evaluate(
    ({ element, marker }) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        (element as HTMLElement).click();
        const check = () => {
          const content = document.querySelector('[data-testid="chapter-content"]');
          if (content?.textContent?.includes(marker)) resolve(performance.now() - started);
          else requestAnimationFrame(check);
        };
        check();
      }),
    { element: handle, marker },
  );
}

/**
 * A fresh Chromium profile at phone size with its service worker, signed in as `learner`
 * before the app's first script (as the browser tests sign in); `close` removes the profile.
 */
export async function signedInPhone(baseURL: string, learner: ApiSession, prefix: string): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: PHONE_VIEWPORT,
    serviceWorkers: 'allow',
    baseURL,
  });
  const close = async () => {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    for (const page of context.pages()) await page.close();
    // tsx (esbuild keepNames) wraps named functions in __name(); functions sent to the page need it.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript((stored) => {
      if (window.sessionStorage.getItem('bench-signed-in')) return;
      window.sessionStorage.setItem('bench-signed-in', '1');
      window.localStorage.setItem('access_token', stored.access);
      window.localStorage.setItem('refresh_token', stored.refresh);
      window.localStorage.setItem('user', JSON.stringify(stored.user));
    }, learner);
  } catch (error) {
    await close();
    throw error;
  }
  return { context, close };
}

export async function measureOffline(baseURL: string): Promise<OfflineFigures> {
  const book = await createBenchBook(baseURL);
  const learner = await apiLogin(baseURL, LEARNER);
  const { context, close } = await signedInPhone(baseURL, learner, 'lap-bench-offline-');
  try {
    const page = await context.newPage();
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download for offline' });
    await dialog.getByRole('button', { name: 'Start download' }).click();
    await dialog.getByText('Available offline', { exact: true }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    const chapterTapMs: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [index, title] of book.titles.entries()) {
        if (round === 0 && index === 0) continue; // already open
        chapterTapMs.push(await tapChapter(page, title, `Marker of chapter ${index + 1}.`));
      }
    }

    // 100 finished attempts queued while offline, flushed when the connection returns.
    await page.evaluate(
      async ({ count, userId, quizId, bookId, answers }) => {
        const request = indexedDB.open('laparoscopy-app');
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = database.transaction('outbox', 'readwrite');
        const now = Date.now();
        for (let i = 0; i < count; i++) {
          tx.objectStore('outbox').put({
            clientAttemptId: crypto.randomUUID(),
            userId,
            quizId,
            quizTitle: 'Bench quiz',
            bookId,
            quizVersion: 1,
            answers,
            totalQuestions: 1,
            correctAnswers: 1,
            completedAt: new Date(now + i).toISOString(),
            createdAt: now + i,
            state: 'waiting',
            attempts: 0,
            lastError: null,
            lastTriedAt: null,
          });
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        database.close();
      },
      { count: 100, userId: learner.user.user_id as number, quizId: book.quizId, bookId: book.bookId, answers: attemptAnswers([singleChoice], 1) },
    );
    const countOutbox = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const request = indexedDB.open('laparoscopy-app');
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const count = request.result.transaction('outbox').objectStore('outbox').count();
              count.onsuccess = () => {
                request.result.close();
                resolve(count.result);
              };
            };
          }),
      );
    const started = performance.now();
    await context.setOffline(false);
    while ((await countOutbox()) > 0) {
      if (performance.now() - started > 120_000) throw new Error('The outbox was not flushed within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { chapterTapMs, flush100Ms: performance.now() - started };
  } finally {
    await close();
  }
}
