import type { QuizAttempt } from '../../../lib/db';

/**
 * How many questions of an attempt have a submitted answer. A module of its own, without the
 * quiz's rules and schemas: the reader's unfinished-quiz notice counts them without loading zod.
 */
export function answeredCount(state: Pick<QuizAttempt, 'answers'>): number {
  return state.answers.filter((a) => a.status === 'answered').length;
}
