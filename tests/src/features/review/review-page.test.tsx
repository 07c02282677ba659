/**
 * /review and its entry points (issue 36), rendered in the real app on fake-indexeddb: the due
 * count, a session that stores one review per card BEFORE the screen moves on and rates
 * wrong / right-but-not-sure / right as again / hard / good, offline review from a downloaded
 * copy (a card whose book is not on the device is skipped with a word), the summary, retired
 * cards, the dashboard's line and the reader's link.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { foldCard, questionFingerprint, type ReviewCard } from '../../../../src/contract/review';
import type { Question } from '../../../../src/contract/quiz';
import { addCardsFromAttempt } from '../../../../src/features/review/db/deck';
import { db } from '../../../../src/lib/db';
import { pendingReviewsOf } from '../../../../src/lib/outbox/review-outbox';
import { fakeNetworkPerTest } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { explainedSingleChoice, QUIZ, singleChoice, wrongChoice } from '../../../helpers/quiz-fixture';
import { LEARNER, makeBook, makeChapter, page, signInAs, storeCompleteCopy } from '../books/fixtures';

const network = fakeNetworkPerTest();

beforeEach(() => {
  signInAs(network.api, LEARNER);
});

const FIRST: Question = { ...explainedSingleChoice, id: 'q1' };
const SECOND: Question = { ...singleChoice, id: 'q2', question: 'Which gas is insufflated?' };
const QUESTIONS = [FIRST, SECOND];
const BOOK = makeBook({ id: 3, title: 'FLS', quiz: { id: 11, title: 'FLS quiz', version: 2, quiz_data: JSON.stringify(QUESTIONS) } });

function card(question: Question, overrides: Partial<ReviewCard> = {}): ReviewCard {
  const createdAt = overrides.created_at ?? '2026-01-20T08:00:00.000Z';
  return {
    quiz: 11,
    question: String(question.id),
    book: 3,
    book_title: 'FLS',
    created_at: createdAt,
    missed_version: 2,
    fingerprint: questionFingerprint(question),
    retired: false,
    events: [],
    state: foldCard(createdAt, []),
    ...overrides,
  };
}

const pending = () => pendingReviewsOf(db, LEARNER.user_id);

describe('/review', () => {
  it("reviews the due cards online, storing each review before 'Next' and rating wrong as again and right but 'Not sure' as hard", async () => {
    network.api.on('GET', '/review/cards/', page([card(FIRST), card(SECOND, { created_at: '2026-01-21T08:00:00.000Z' })]));
    network.api.on('GET', '/books/books/3/', { status: 200, data: BOOK });
    network.api.on('POST', '/review/events/', (request) => ({
      status: 200,
      data: { accepted: (request.body as { events: { client_event_id: string }[] }).events.map((e) => e.client_event_id) },
    }));

    const { user } = await renderApp('/review');
    expect(await screen.findByRole('heading', { name: '2 questions due for review' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start review' }));

    // Oldest due first.
    expect(await screen.findByRole('heading', { name: FIRST.question })).toBeInTheDocument();
    expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: wrongChoice }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Incorrect!')).toBeInTheDocument();
    expect(screen.getByTestId('correct-answer')).toHaveTextContent('Correct answer: CO2');
    expect(screen.getByText('CO2 is non-flammable and quickly absorbed.')).toBeInTheDocument();
    // Stored before the screen moves on.
    expect((await db.reviewCards.get([LEARNER.user_id, 11, 'q1']))!.localEvents.map((e) => e.rating)).toEqual(['again']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: SECOND.question })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'CO2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Not sure' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Correct!')).toBeInTheDocument();
    expect((await db.reviewCards.get([LEARNER.user_id, 11, 'q2']))!.localEvents.map((e) => e.rating)).toEqual(['hard']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Reviewed 2: 1 right, 1 again')).toBeInTheDocument();
    // The runner sent both reviews once.
    await waitFor(async () => expect(await pending()).toEqual([]));
    const posted = network.api.calls
      .filter((c) => c.path === '/review/events/')
      .flatMap((c) => (c.body as { events: { question: string; rating: string }[] }).events);
    expect(posted.map((e) => [e.question, e.rating])).toEqual([
      ['q1', 'again'],
      ['q2', 'hard'],
    ]);
  });

  it('works offline from a downloaded copy, rates a sure right answer good, and skips a card whose book is not on the device', async () => {
    network.setOnline(false);
    network.api.on('GET', '/review/cards/', () => 'network');
    network.api.on('POST', '/review/events/', () => 'network');
    await storeCompleteCopy(LEARNER.user_id, BOOK, []);
    // Missed offline on this device: the cards exist before any sync.
    await addCardsFromAttempt(db, {
      userId: LEARNER.user_id,
      bookId: 3,
      bookTitle: 'FLS',
      quizId: 11,
      quizVersion: 2,
      questions: [SECOND],
      answers: [{ questionId: 'q2', answer: null, status: 'skipped' }],
      completedAt: '2026-01-20T08:00:00.000Z',
    });
    await addCardsFromAttempt(db, {
      userId: LEARNER.user_id,
      bookId: 4,
      bookTitle: 'Suturing',
      quizId: 12,
      quizVersion: 1,
      questions: [singleChoice],
      answers: [{ questionId: singleChoice.id, answer: wrongChoice, isCorrect: false, status: 'answered' }],
      completedAt: '2026-01-21T08:00:00.000Z',
    });

    const { user } = await renderApp('/review');
    expect(await screen.findByRole('heading', { name: '2 questions due for review' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start review' }));

    expect(await screen.findByRole('heading', { name: SECOND.question })).toBeInTheDocument();
    expect(screen.getByText(/1 question was skipped: its book is not downloaded on this device/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'CO2' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Correct!')).toBeInTheDocument();
    expect(await pending()).toEqual([expect.objectContaining({ questionId: 'q2', rating: 'good', state: 'waiting' })]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Reviewed 1: 1 right, 0 again')).toBeInTheDocument();
    // Still queued for when the connection is back.
    expect(await pending()).toHaveLength(1);
  });

  it('reviews only the given book with ?book= and says how many cards retired', async () => {
    network.api.on(
      'GET',
      '/review/cards/',
      page([card(FIRST), card(SECOND, { retired: true }), card(singleChoice, { quiz: 12, book: 4, book_title: 'Suturing' })]),
    );

    await renderApp('/review?book=3');

    expect(await screen.findByRole('heading', { name: '1 question due for review' })).toBeInTheDocument();
    expect(screen.getByText('1 question was retired because the quiz changed.')).toBeInTheDocument();
  });
});

describe('entry points', () => {
  it("shows 'N questions due for review' on the dashboard, linking to /review", async () => {
    network.api.on('GET', '/review/cards/', page([card(FIRST), card(SECOND)]));

    await renderApp('/dashboard');

    const link = await screen.findByRole('link', { name: '2 questions due for review' });
    expect(link).toHaveAttribute('href', '/review');
  });

  it('shows no due line on the dashboard when nothing is due', async () => {
    network.api.on('GET', '/review/cards/', page([]));
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('link', { name: /due for review/ })).not.toBeInTheDocument();
  });

  it("offers 'Review this book's questions' in the reader of a book with cards (offline, from the copy)", async () => {
    network.setOnline(false);
    network.api.on('GET', /.*/, () => 'network');
    await storeCompleteCopy(LEARNER.user_id, BOOK, [makeChapter({ id: 31, title: 'Ports', book: 3 })]);
    await addCardsFromAttempt(db, {
      userId: LEARNER.user_id,
      bookId: 3,
      bookTitle: 'FLS',
      quizId: 11,
      quizVersion: 2,
      questions: [FIRST],
      answers: [{ questionId: 'q1', answer: wrongChoice, isCorrect: false, status: 'answered' }],
      completedAt: '2026-01-20T08:00:00.000Z',
    });

    await renderApp('/book/3');

    const link = await screen.findByRole('link', { name: "Review this book's questions" });
    expect(link).toHaveAttribute('href', '/review?book=3');
  });

  it('makes the cards of a quiz finished in the reader at once, before any sync: 3 missed questions are due', async () => {
    const QUIZ_BOOK = makeBook({ id: 1, quiz: { id: 5, title: 'Self-assessment', version: 3, quiz_data: JSON.stringify(QUIZ) } });
    network.api.on('GET', '/books/books/1/', { status: 200, data: QUIZ_BOOK });
    network.api.on('GET', '/books/books/1/chapters/', page([]));
    network.api.on('GET', '/books/my-scores/', page([]));
    network.api.on('POST', '/books/quizzes/5/scores/', () => 'network');
    network.api.on('GET', '/review/cards/', () => 'network');

    const { user, router } = await renderApp('/book/1');
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('radio', { name: singleChoice.answer }));
    await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Quiz' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Submit Quiz' })).getByRole('button', { name: 'Submit Quiz' }));
    await screen.findByTestId('quiz-results');

    await waitFor(async () => expect(await db.reviewCards.count()).toBe(QUIZ.length - 1));
    await act(() => router.navigate({ to: '/review' }));
    expect(await screen.findByRole('heading', { name: `${QUIZ.length - 1} questions due for review` })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Due by book' })).toHaveTextContent(`${QUIZ_BOOK.title}: ${QUIZ.length - 1}`);
  });
});
