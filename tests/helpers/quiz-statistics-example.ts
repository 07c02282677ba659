/**
 * The hand-worked example of question statistics (issue 35) that the contract test and the
 * server test share: four questions, ten attempts with answers and one without, and who
 * answered what. The figures expected of it are written out, with their arithmetic, in
 * tests/src/contract/quiz-statistics.test.ts.
 */
import type { QuizData, UserAnswer } from '../../src/contract/quiz';
import type { StatisticsAttempt } from '../../src/contract/quiz-statistics';

export const QUESTIONS: QuizData = [
  { id: 'q1', type: 'single-choice', question: 'Which port first?', options: ['A', 'B', 'C', 'D'], answer: 'A' },
  { id: 'q2', type: 'multiple-choice', question: 'Which instruments?', options: ['W', 'X', 'Y', 'Z'], answer: ['W', 'X'] },
  { id: 'q3', type: 'reorder', question: 'Order the steps', options: ['r', 'q', 'p'], answer: ['p', 'q', 'r'] },
  { id: 4, type: 'single-choice', question: 'Is it safe?', options: ['yes', 'no'], answer: 'no' },
];

const answered = (questionId: string | number, answer: UserAnswer['answer']): UserAnswer => ({ questionId, answer, status: 'answered' });
const skipped = (questionId: string | number): UserAnswer => ({ questionId, answer: null, status: 'skipped' });

/**
 * Who answered what ('✓' right, '✗' wrong, '–' unanswered), and the score (correct of 4):
 *
 *        q1      q2         q3        q4       score
 *  a1    A ✓     W,X ✓      p,q,r ✓   yes ✗    3 → 75
 *  a2    A ✓     W,X ✓      q,p,r ✗   yes ✗    2 → 50
 *  a3    B ✗     W,X ✓      p,q,r ✓   yes ✗    2 → 50
 *  a4    A ✓     W,Y ✗      skipped – yes ✗    1 → 25
 *  a5    B ✗     W ✗        p,q,r ✓   yes ✗    1 → 25
 *  a6    C ✗     X,Y,Z ✗    missing – yes ✗    0 → 0
 *  a7    B ✗     skipped –  r,q,p ✗   no ✓     1 → 25
 *  a8    A ✓     W,X ✓      p,q,r ✓   yes ✗    3 → 75
 *  a9    skip –  [] –       p,q,r ✓   skip –   1 → 25
 *  a10   D ✗     Y ✗        q,p,r ✗   yes ✗    0 → 0
 *  a11   recorded without answers (score 50): left out of every question's figures.
 */
export const ATTEMPTS: StatisticsAttempt[] = [
  { score: 75, answers: [answered('q1', 'A'), answered('q2', ['W', 'X']), answered('q3', ['p', 'q', 'r']), answered(4, 'yes')] },
  { score: 50, answers: [answered('q1', 'A'), answered('q2', ['X', 'W']), answered('q3', ['q', 'p', 'r']), answered(4, 'yes')] },
  { score: 50, answers: [answered('q1', 'B'), answered('q2', ['W', 'X']), answered('q3', ['p', 'q', 'r']), answered(4, 'yes')] },
  { score: 25, answers: [answered('q1', 'A'), answered('q2', ['W', 'Y']), skipped('q3'), answered(4, 'yes')] },
  { score: 25, answers: [answered('q1', 'B'), answered('q2', ['W']), answered('q3', ['p', 'q', 'r']), answered(4, 'yes')] },
  { score: 0, answers: [answered('q1', 'C'), answered('q2', ['X', 'Y', 'Z']), answered(4, 'yes')] },
  { score: 25, answers: [answered('q1', 'B'), skipped('q2'), answered('q3', ['r', 'q', 'p']), answered('4', 'no')] },
  { score: 75, answers: [answered('q1', 'A'), answered('q2', ['W', 'X']), answered('q3', ['p', 'q', 'r']), answered(4, 'yes')] },
  { score: 25, answers: [skipped('q1'), answered('q2', []), answered('q3', ['p', 'q', 'r']), skipped(4)] },
  { score: 0, answers: [answered('q1', 'D'), answered('q2', ['Y']), answered('q3', ['q', 'p', 'r']), answered(4, 'yes')] },
  { score: 50, answers: null },
];
