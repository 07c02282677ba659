/**
 * The quiz the tests share: one valid question of each type the contract defines
 * (src/contract/quiz.ts), text and numeric ids mixed as quiz data may have them, and builders
 * for the variants tests need. It imports nothing but the contract's types, so server, contract,
 * bench, fault and PWA tests can all use it. Everything here is frozen: a variant is made by
 * spreading, so no test can change the quiz another one reads.
 */
import type { Question, QuizData, UserAnswer } from '../../src/contract/quiz';

type QuestionOf<T extends Question['type']> = Extract<Question, { type: T }>;

/** Freezes a value and everything in it, keeping its type (the contract's types are not readonly). */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

export const singleChoice: QuestionOf<'single-choice'> = frozen({
  id: 'q1',
  type: 'single-choice',
  question: 'Which gas is used for pneumoperitoneum?',
  options: ['CO2', 'N2O', 'Air'],
  answer: 'CO2',
});

/** An option of the single-choice question that is not its answer. */
export const wrongChoice = 'Air';

/** The single-choice question with the author's explanation, which a learner sees once they have answered. */
export const explainedSingleChoice: QuestionOf<'single-choice'> = frozen({ ...singleChoice, explanation: 'CO2 is non-flammable and quickly absorbed.' });

export const multipleChoice: QuestionOf<'multiple-choice'> = frozen({
  id: 'q2',
  type: 'multiple-choice',
  question: 'Which are laparoscopic ports?',
  options: ['5 mm', '10 mm', '12 mm', '30 mm'],
  answer: ['5 mm', '12 mm'],
});

export const matchTheFollowing: QuestionOf<'match-the-following'> = frozen({
  id: 3,
  type: 'match-the-following',
  question: 'Match the instrument to its use',
  left: ['Veress needle', 'Grasper', 'Clip applier'],
  right: ['Insufflation', 'Holding tissue', 'Ligating vessels'],
  answer: [
    { left: 'Veress needle', right: 'Insufflation' },
    { left: 'Grasper', right: 'Holding tissue' },
    { left: 'Clip applier', right: 'Ligating vessels' },
  ],
});

/** The match question's right pairs as [left, right]: what a learner chooses, and the list form quiz data may be sent in. */
export const matchPairs: [string, string][] = frozen(matchTheFollowing.answer.map(({ left, right }): [string, string] => [left, right]));

export const reorder: QuestionOf<'reorder'> = frozen({
  id: 4,
  type: 'reorder',
  question: 'Order the steps',
  options: ['Access', 'Insufflate', 'Inspect', 'Dissect'],
  answer: ['Access', 'Insufflate', 'Inspect', 'Dissect'],
});

/** A valid quiz: the four questions above, in that order. */
export const QUIZ: QuizData = frozen([singleChoice, multipleChoice, matchTheFollowing, reorder]);

/** A valid quiz of `count` single-choice questions (ids q1, q2, …), for tests that need a given length. */
export const singleChoiceQuiz = (count: number): QuizData => frozen(Array.from({ length: count }, (_, i) => ({ ...singleChoice, id: `q${i + 1}` })));

/**
 * The answers of a finished attempt at `questions` in which the first `correct` are answered
 * correctly and the rest left unanswered: what the server grades to `correct` of all.
 */
export function attemptAnswers(questions: QuizData, correct: number): UserAnswer[] {
  return questions.map((q, index) =>
    index < correct ? { questionId: q.id, answer: q.answer, status: 'answered' as const } : { questionId: q.id, answer: null, status: 'unanswered' as const },
  );
}
