/**
 * The spaced-review figure of issue 36, for `npm run bench`: a deck of 5 000 cards with 50 000
 * reviews (10 a card, folded here with the contract's fold as the server would) stored in the
 * demo learner's IndexedDB, then /review opened offline on a phone with the CPU slowed 4×. The page times
 * its own work with the User Timing API (features/review/use-deck.ts): reading the deck from
 * IndexedDB ('review-deck-read') and working out the due list ('review-deck-due').
 */
import { randomUUID } from 'node:crypto';
import { apiLogin, LEARNER } from '../e2e/book-helpers';
import { type CardEvent, foldCard, REVIEW_RATINGS } from '../../src/contract/review';
import { signedInPhone } from './offline';

export const REVIEW_CARDS = 5_000;
export const REVIEWS_PER_CARD = 10;
export const REVIEW_CPU_SLOWDOWN = 4;
const ROUNDS = 5;

export interface ReviewDeckFigures {
  /** Per round: reading the deck from IndexedDB, and the due list, in ms (CPU slowed). */
  rounds: { readMs: number; dueMs: number; dueCount: number }[];
}

/** The rows `reviewCards` holds for the learner (src/lib/db.ts ReviewCardRow), made as the server would fold them. */
function deckRows(userId: number) {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: REVIEW_CARDS }, (_, i) => {
    const createdAt = new Date(start + i * 60_000).toISOString();
    const events: CardEvent[] = Array.from({ length: REVIEWS_PER_CARD }, (_, r) => ({
      client_event_id: randomUUID(),
      rating: REVIEW_RATINGS[(i + r) % REVIEW_RATINGS.length]!,
      reviewed_at: new Date(start + i * 60_000 + (r + 1) * 86_400_000).toISOString(),
    }));
    return {
      userId,
      quizId: 1 + Math.floor(i / 50),
      questionId: `q${i % 50}`,
      bookId: 1 + Math.floor(i / 500),
      bookTitle: `Book ${1 + Math.floor(i / 500)}`,
      createdAt,
      missedVersion: 1,
      fingerprint: 'q1-bench',
      retired: false,
      events,
      serverState: foldCard(createdAt, events),
      localEvents: [],
      local: false,
    };
  });
}

export async function measureReviewDeck(baseURL: string): Promise<ReviewDeckFigures> {
  const learner = await apiLogin(baseURL, LEARNER);
  const { context, close } = await signedInPhone(baseURL, learner, 'lap-bench-review-');
  try {
    const page = await context.newPage();
    await page.goto('/review');
    await page.getByText(/questions? due for review/).waitFor({ timeout: 30_000 });
    const rows = deckRows(Number(learner.user.user_id));
    await page.evaluate(async (cards) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('laparoscopy-app');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = database.transaction('reviewCards', 'readwrite');
        for (const card of cards) transaction.objectStore('reviewCards').put(card);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      database.close();
    }, rows);
    // Offline (the worker serves the app): the server's empty list would replace the stored deck.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    const rounds: ReviewDeckFigures['rounds'] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await page.reload();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: REVIEW_CPU_SLOWDOWN });
        const heading = page.getByText(/\d+ questions? due for review/).first();
        await heading.waitFor({ timeout: 60_000 });
        const timing = await page.evaluate(() => {
          const last = (name: string) => performance.getEntriesByName(name).at(-1)?.duration ?? NaN;
          return { readMs: last('review-deck-read'), dueMs: last('review-deck-due') };
        });
        const dueCount = Number(/^(\d+)/.exec((await heading.textContent()) ?? '')?.[1]);
        rounds.push({ ...timing, dueCount });
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      await context.setOffline(false);
    }
    return { rounds };
  } finally {
    await close();
  }
}
