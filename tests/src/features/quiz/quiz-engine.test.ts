/** The quiz session's pure rules (src/features/quiz/session/quiz-engine.ts). */
import { describe, expect, it } from 'vitest';
import { quizDataSchema } from '../../../../src/contract/quiz';
import {
  answerOf,
  isLastStep,
  nextQuestion,
  shuffleQuestions,
  skipQuestion,
  startSession,
  submitAnswer,
  submitQuiz,
  setDraft,
} from '../../../../src/features/quiz/session/quiz-engine';

const questions = quizDataSchema.parse([
  {
    id: 'm',
    type: 'match-the-following',
    question: 'Match',
    left: ['a', 'b', 'c'],
    right: ['1', '2', '3'],
    // The author's answer lists the pairs in another order than the left column.
    answer: [
      { left: 'c', right: '3' },
      { left: 'a', right: '1' },
      { left: 'b', right: '2' },
    ],
  },
  { id: 'r', type: 'reorder', question: 'Order', options: ['x', 'y'], answer: ['x', 'y'] },
]);

describe('quiz engine', () => {
  it("orders a learner's match pairs as the answer lists them, so a right answer is graded right", () => {
    const draft = [
      { left: 'a', right: '1' },
      { left: 'b', right: '2' },
      { left: 'c', right: '3' },
    ];
    expect(answerOf(questions[0]!, draft)).toEqual([
      { left: 'c', right: '3' },
      { left: 'a', right: '1' },
      { left: 'b', right: '2' },
    ]);
    let state = startSession(questions, 'id-1', 0);
    state = setDraft(state, 'm', draft, 1);
    state = submitAnswer(state, questions, 2);
    expect(state.answers).toEqual([{ questionId: 'm', answer: answerOf(questions[0]!, draft), isCorrect: true, status: 'answered' }]);
  });

  it('a match answer with an item left unpaired is no answer at all', () => {
    expect(answerOf(questions[0]!, [{ left: 'a', right: '1' }])).toBeNull();
    const state = setDraft(startSession(questions, 'id-1', 0), 'm', [{ left: 'a', right: '1' }], 1);
    expect(submitAnswer(state, questions, 2)).toBe(state);
  });

  it('never starts a reorder question in its correct order when another order exists', () => {
    // A random source that always gives the identity permutation first.
    let calls = 0;
    const random = () => (calls++ < 1 ? 0.99 : 0);
    const shuffles = shuffleQuestions(questions, random);
    expect(shuffles.r).toEqual(['y', 'x']);
    // Even a source that only ever gives the identity.
    expect(shuffleQuestions(questions, () => 0.999999).r).toEqual(['y', 'x']);
  });

  it('Finish Quiz only on the last step: after the last question with nothing skipped, or the last skipped one', () => {
    let state = startSession(questions, 'id-1', 0);
    state = skipQuestion(state, questions, 1);
    expect(state.currentIndex).toBe(1);
    state = submitAnswer(state, questions, 2);
    expect(isLastStep(state)).toBe(false);
    state = nextQuestion(state, questions, 3);
    expect(state).toMatchObject({ phase: 'review-skipped', skipped: ['m'], reviewIndex: 0 });
    expect(isLastStep(state)).toBe(true);
    state = submitQuiz(state, questions, 4);
    expect(state.phase).toBe('completed');
    expect(state.answers.map((a) => a.status)).toEqual(['unanswered', 'answered']);
    // Nothing changes a completed attempt.
    expect(skipQuestion(state, questions, 5)).toBe(state);
    expect(setDraft(state, 'm', [], 5)).toBe(state);
  });
});
