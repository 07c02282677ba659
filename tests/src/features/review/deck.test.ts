/**
 * The review deck on the device (issue 36): cards made at once from a completed attempt (offline
 * too), due counts from the contract's fold of the server's events and the reviews still waiting,
 * and a review stored in the deck and the outbox together.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dueCards, foldCard, questionFingerprint, type ReviewCard } from '../../../../src/contract/review';
import { addCardsFromAttempt, deckOf, storeServerCards, writeReview } from '../../../../src/features/review/db/deck';
import { AppDB } from '../../../../src/lib/db';
import { pendingReviewsOf } from '../../../../src/lib/outbox/review-outbox';
import { attemptAnswers, QUIZ, singleChoice } from '../../../helpers/quiz-fixture';
import { freshDatabaseName } from '../../lib/outbox/outbox-fixtures';

const USER = 7;
let database: AppDB;
beforeEach(() => {
  database = new AppDB(freshDatabaseName());
});
afterEach(() => database.close());

const attempt = (overrides: Partial<Parameters<typeof addCardsFromAttempt>[1]> = {}) => ({
  userId: USER,
  bookId: 3,
  bookTitle: 'FLS',
  quizId: 11,
  quizVersion: 2,
  questions: QUIZ,
  // The first two right, the others wrong or unanswered.
  answers: attemptAnswers(QUIZ, 2),
  completedAt: '2026-11-27T08:00:00.000Z',
  ...overrides,
});

function serverCard(overrides: Partial<ReviewCard> = {}): ReviewCard {
  const createdAt = overrides.created_at ?? '2026-11-20T08:00:00.000Z';
  const events = overrides.events ?? [];
  return {
    quiz: 11,
    question: String(singleChoice.id),
    book: 3,
    book_title: 'FLS',
    created_at: createdAt,
    missed_version: 2,
    fingerprint: questionFingerprint(singleChoice),
    retired: false,
    events,
    state: foldCard(createdAt, events),
    ...overrides,
  };
}

describe('cards from a completed attempt', () => {
  it('makes one card per missed question at once, and none again when the same question is missed later', async () => {
    const made = await addCardsFromAttempt(database, attempt());
    const again = await addCardsFromAttempt(database, attempt({ completedAt: '2026-11-28T08:00:00.000Z' }));

    expect(made).toBe(2);
    expect(again).toBe(0);
    const deck = await deckOf(database, USER);
    expect(deck.map((c) => c.question).sort()).toEqual([String(QUIZ[2]!.id), String(QUIZ[3]!.id)].sort());
    // Due at once (the first miss's time): '2 questions due for review' before any sync.
    expect(dueCards(deck, '2026-11-27T08:00:00.000Z')).toHaveLength(2);
    expect(await deckOf(database, 8)).toEqual([]);
  });
});

describe('the deck', () => {
  it("keeps a local card the server's list does not name yet, and takes the server's card when it does", async () => {
    await addCardsFromAttempt(database, attempt());
    await storeServerCards(database, USER, [serverCard()]);

    const deck = await deckOf(database, USER);
    expect(deck).toHaveLength(3);
    await storeServerCards(database, USER, [serverCard(), serverCard({ question: String(QUIZ[2]!.id) })]);
    expect(
      await database.reviewCards
        .where('userId')
        .equals(USER)
        .filter((r) => r.local)
        .count(),
    ).toBe(1);
  });

  it("folds a review written on this device with the server's events: a card reviewed 'good' is no longer due", async () => {
    await storeServerCards(database, USER, [serverCard()]);
    const now = Date.parse('2026-11-27T09:00:00.000Z');
    expect(dueCards(await deckOf(database, USER), new Date(now))).toHaveLength(1);

    const row = await writeReview(database, { userId: USER, quizId: 11, questionId: String(singleChoice.id), rating: 'good' }, now);

    expect(await pendingReviewsOf(database, USER)).toEqual([expect.objectContaining({ clientEventId: row.clientEventId, rating: 'good', state: 'waiting' })]);
    const [card] = await deckOf(database, USER);
    expect(card!.state).toEqual(foldCard('2026-11-20T08:00:00.000Z', [{ client_event_id: row.clientEventId, rating: 'good', reviewed_at: row.reviewedAt }]));
    expect(dueCards(await deckOf(database, USER), new Date(now + 60_000))).toHaveLength(0);

    // Once sent, the server's list holds the event; the fold counts it once.
    await database.reviewOutbox.clear();
    await storeServerCards(database, USER, [serverCard({ events: [{ client_event_id: row.clientEventId, rating: 'good', reviewed_at: row.reviewedAt }] })]);
    const [synced] = await deckOf(database, USER);
    expect(synced!.state).toEqual(card!.state);
  });

  it('keeps a review when the list fetched before its send does not hold it, after the outbox row is gone', async () => {
    await storeServerCards(database, USER, [serverCard()]);
    const now = Date.parse('2026-11-27T09:00:00.000Z');
    await writeReview(database, { userId: USER, quizId: 11, questionId: String(singleChoice.id), rating: 'good' }, now);

    await storeServerCards(database, USER, [serverCard()]);
    await database.reviewOutbox.clear();

    expect(dueCards(await deckOf(database, USER), new Date(now + 60_000))).toEqual([]);
  });

  it('leaves a review the server refused for good out of the schedule: the card is due again', async () => {
    await storeServerCards(database, USER, [serverCard()]);
    const now = Date.parse('2026-11-27T09:00:00.000Z');
    const row = await writeReview(database, { userId: USER, quizId: 11, questionId: String(singleChoice.id), rating: 'good' }, now);
    expect(dueCards(await deckOf(database, USER), new Date(now + 60_000))).toEqual([]);

    await database.reviewOutbox.update(row.clientEventId, { state: 'rejected', lastError: 'The question was never missed.' });

    const [card] = await deckOf(database, USER);
    expect(card!.state).toEqual(foldCard('2026-11-20T08:00:00.000Z', []));
    expect(dueCards(await deckOf(database, USER), new Date(now + 60_000))).toHaveLength(1);
  });

  it("takes the server's state as is while it holds every review of the card", async () => {
    const state = { ...foldCard('2026-11-20T08:00:00.000Z', []), due: '2031-01-01T00:00:00.000Z' };
    await storeServerCards(database, USER, [serverCard({ state })]);
    expect((await deckOf(database, USER))[0]!.state).toEqual(state);

    await writeReview(database, { userId: USER, quizId: 11, questionId: String(singleChoice.id), rating: 'again' }, Date.parse('2026-11-27T09:00:00.000Z'));
    expect((await deckOf(database, USER))[0]!.state.due).not.toBe(state.due);
  });

  it('counts a retired card apart and never as due', async () => {
    await storeServerCards(database, USER, [serverCard({ retired: true })]);
    const deck = await deckOf(database, USER);
    expect(deck.filter((c) => c.retired)).toHaveLength(1);
    expect(dueCards(deck, new Date('2030-01-01'))).toEqual([]);
  });
});
