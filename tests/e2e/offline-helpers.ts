/**
 * Helpers of the offline browser tests (and the offline bench figures): a book made through the
 * real API with an uploaded figure in its second chapter and a two-question quiz, the quiz
 * taken through the UI, the download through the UI, and the server's my-scores.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, type ApiSession, createBookViaApi, solidPng } from './book-helpers';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';
import { attemptAnswers, singleChoice, singleChoiceQuiz, wrongChoice } from '../helpers/quiz-fixture';

export interface OfflineBookFixture {
  bookId: number;
  title: string;
  chapterTitles: [string, string];
  secondChapterText: string;
  imageUrl: string;
  quizId: number;
}

/** The book's quiz: two questions, so one right and one wrong answer is a score of 1 of 2. */
const QUIZ_QUESTIONS = singleChoiceQuiz(2);

/** Uploads a PNG of its own colour (the server may store identical files once) and returns its /media/ URL. */
export async function uploadImage(
  baseURL: string,
  session: ApiSession,
  colour = `#${randomBytes(3).toString('hex')}`,
  size = { width: 320, height: 200 },
): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await solidPng(size.width, size.height, colour))], { type: 'image/png' }), 'figure.png');
  const response = await fetch(`${baseURL}/api/media/upload-image/`, { method: 'POST', headers: { authorization: `Bearer ${session.access}` }, body: form });
  if (response.status !== 201) throw new Error(`Image upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

const FIGURE_SIZE = { width: 1000, height: 625 };

/** A book with two chapters (the second shows an uploaded figure) and a two-question quiz. */
export async function createOfflineBook(baseURL: string, director: ApiSession, label = randomBytes(3).toString('hex')): Promise<OfflineBookFixture> {
  // The cover and the figure are different files: the figure is not fetched until chapter 2 opens.
  // The figure is wide enough to have phone-sized copies (srcset): offline, the worker answers
  // the copy the browser picks with the downloaded original.
  const [coverUrl, imageUrl] = [await uploadImage(baseURL, director), await uploadImage(baseURL, director, undefined, FIGURE_SIZE)];
  const title = `Offline ward book ${label}`;
  const bookId = await createBookViaApi(baseURL, director, title, { cover_image_url: coverUrl });
  const chapterTitles: [string, string] = ['Access and pneumoperitoneum', 'Port placement'];
  const secondChapterText = `Triangulate the ports around the target (${label}).`;
  const contents = [
    lexicalDocument(textParagraph('Open (Hasson) or Veress access, then insufflate to 12–15 mmHg.')),
    lexicalDocument(textParagraph(secondChapterText), {
      type: 'chapter-image',
      version: 1,
      src: imageUrl,
      altText: 'Port placement figure',
      ...FIGURE_SIZE,
      caption: '',
    }),
  ];
  for (const [index, content] of contents.entries()) {
    const { status, data } = await api(baseURL, director, 'POST', `/books/books/${bookId}/chapters/`, {
      title: chapterTitles[index],
      order: index + 1,
      content_delta: content,
    });
    if (status !== 201) throw new Error(`Creating a chapter failed: ${status} ${JSON.stringify(data)}`);
  }
  const quiz = await api<{ id: number }>(baseURL, director, 'PUT', `/books/books/${bookId}/quiz/`, { title: `Quiz of ${title}`, quiz_data: QUIZ_QUESTIONS });
  if (quiz.status !== 200 && quiz.status !== 201) throw new Error(`Setting the quiz failed: ${quiz.status} ${JSON.stringify(quiz.data)}`);
  return { bookId, title, chapterTitles, secondChapterText, imageUrl, quizId: quiz.data.id };
}

export interface ScoreRecordSeen {
  id: number;
  client_attempt_id: string | null;
  correct_answers: number;
  total_questions: number;
  quiz_title: string;
}

/** The user's score records as the server has them (every page). */
export async function myScores(baseURL: string, session: ApiSession): Promise<ScoreRecordSeen[]> {
  const records: ScoreRecordSeen[] = [];
  let next: string | null = '/books/my-scores/';
  while (next) {
    type Answer = ScoreRecordSeen[] | { results: ScoreRecordSeen[]; next: string | null };
    const { status, data }: { status: number; data: Answer } = await api<Answer>(baseURL, session, 'GET', next);
    if (status !== 200) throw new Error(`my-scores answered ${status}`);
    if (Array.isArray(data)) return data;
    records.push(...data.results);
    next = data.next ? new URL(data.next, baseURL).pathname.replace(/^\/api/, '') + new URL(data.next, baseURL).search : null;
  }
  return records;
}

/** Opens the download dialog in the reader, checks the size is shown first, downloads, waits for 'Available offline'. */
export async function downloadFromReader(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Download for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download for offline' });
  await dialog.getByText(/^Total: /).waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Start download' }).click();
  await dialog.getByText('Available offline', { exact: true }).waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByText('Available offline', { exact: true }).first().waitFor();
}

/** Takes the two-question quiz in the reader: the first answer right, the second wrong. */
export async function takeQuiz(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Take the Quiz' }).click();
  const pane = page.getByTestId('reader-pane');
  await pane.getByRole('radio', { name: singleChoice.answer }).check();
  await pane.getByRole('button', { name: 'Submit Answer' }).click();
  await pane.getByText('Correct!').waitFor();
  await pane.getByRole('button', { name: 'Next Question' }).click();
  // Both questions are the fixture's single-choice one: wait for the second before answering it.
  await pane.getByText('Question 2 of 2').waitFor();
  await pane.getByRole('radio', { name: wrongChoice }).check();
  await pane.getByRole('button', { name: 'Submit Answer' }).click();
  await pane.getByText('Incorrect!').waitFor();
  await pane.getByRole('button', { name: 'Finish Quiz' }).click();
}

/** True once the figure of the open chapter has loaded (from the network or the downloads cache). */
export function chapterImageLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const image = document.querySelector<HTMLImageElement>('[data-testid="chapter-content"] img');
    return Boolean(image && image.complete && image.naturalWidth > 0);
  });
}

/** expect.poll with a browser-sized timeout. */
export function eventually<T>(read: () => T | Promise<T>, timeout = 15_000) {
  return expect.poll(read, { timeout, interval: 200 });
}

export interface QueuedAttempt {
  attemptId: string;
  userId: number;
  quiz: { id: number; version: number };
  bookId: number;
}

/**
 * Queues a finished attempt in the page's outbox (raw IndexedDB, the row the quiz's onComplete
 * writes), both answers right. For tests of the sync itself, apart from the quiz screens.
 */
export async function queueAttemptInPage(page: Page, attempt: QueuedAttempt): Promise<void> {
  const queued = { ...attempt, answers: attemptAnswers(QUIZ_QUESTIONS, QUIZ_QUESTIONS.length).map((answer) => ({ ...answer, isCorrect: true })) };
  await page.evaluate(async ({ attemptId, quiz, userId, bookId, answers }) => {
    const request = indexedDB.open('laparoscopy-app');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = database.transaction('outbox', 'readwrite');
    tx.objectStore('outbox').put({
      clientAttemptId: attemptId,
      userId,
      quizId: quiz.id,
      quizTitle: 'Queued quiz',
      bookId,
      quizVersion: quiz.version,
      answers,
      totalQuestions: answers.length,
      correctAnswers: answers.length,
      completedAt: new Date().toISOString(),
      createdAt: Date.now(),
      state: 'waiting',
      attempts: 0,
      lastError: null,
      lastTriedAt: null,
    });
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    database.close();
  }, queued);
}
