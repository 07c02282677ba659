/** The reader's note of an unfinished quiz: only the signed-in user's attempt, only at the current version. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UnfinishedQuizNotice } from '../../../../src/features/quiz/components/unfinished-quiz-notice';
import { db, type QuizAttempt } from '../../../../src/lib/db';

const attempt = (overrides: Partial<QuizAttempt> = {}): QuizAttempt => ({
  attemptId: '6f1c1c3e-3d0a-4c55-9d3e-5a4c2b1e0f11',
  userId: 7,
  bookId: 1,
  quizId: 5,
  quizVersion: 2,
  phase: 'in-progress',
  questionIds: ['1', '2', '3'],
  currentIndex: 1,
  skipped: [],
  reviewIndex: 0,
  answers: [{ questionId: 1, answer: 'CO2', isCorrect: true, status: 'answered' }],
  drafts: {},
  shuffles: {},
  startedAt: 1,
  updatedAt: 2,
  completedAt: null,
  ...overrides,
});

beforeEach(async () => {
  await db.attempts.clear();
});

describe('UnfinishedQuizNotice', () => {
  it("tells the user of their unfinished attempt and opens the quiz on 'Continue Quiz'", async () => {
    await db.attempts.put(attempt());
    const onOpenQuiz = vi.fn();
    render(<UnfinishedQuizNotice userId={7} bookId={1} quiz={{ id: 5, version: 2 }} onOpenQuiz={onOpenQuiz} />);
    expect(await screen.findByText('You have an unfinished quiz: 1 of 3 answered.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue Quiz' }));
    expect(onOpenQuiz).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another user', { userId: 8 }],
    ['an older quiz version', { quizVersion: 1 }],
    ['a finished attempt', { phase: 'completed' as const, completedAt: 3 }],
    ['another book', { bookId: 2 }],
  ])('says nothing of an attempt of %s', async (_name, overrides) => {
    await db.attempts.put(attempt(overrides));
    const { container } = render(<UnfinishedQuizNotice userId={7} bookId={1} quiz={{ id: 5, version: 2 }} onOpenQuiz={() => undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container).toBeEmptyDOMElement();
  });
});
