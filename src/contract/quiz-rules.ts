/**
 * The grading rules of a quiz (SPEC §5) without zod: the quiz engine, the review deck and the
 * server's grading use them; a screen that grades or folds a deck needs no schema before it.
 * `quiz.ts` re-exports them beside the schemas.
 */
import type { AnswerValue, MatchPair, Question, QuizData, UserAnswer } from './quiz';

/** Whether a list holds one value twice. */
export const hasDuplicates = (values: readonly unknown[]) => new Set(values).size !== values.length;

/** True while an answer is null, an empty list or an empty string: Submit Answer stays disabled (SPEC §5). */
export function isEmptyAnswer(answer: AnswerValue | undefined): boolean {
  return answer == null || (typeof answer === 'string' && answer.trim() === '') || (Array.isArray(answer) && answer.length === 0);
}

/** SPEC §5 answer checking, the same on the device and on the server. */
export function isAnswerCorrect(question: Question, answer: AnswerValue | undefined): boolean {
  if (isEmptyAnswer(answer) || answer == null) return false;
  switch (question.type) {
    case 'single-choice':
      return typeof answer === 'string' && answer === question.answer;
    case 'multiple-choice': {
      if (!Array.isArray(answer) || answer.length !== question.answer.length) return false;
      const given = new Set(answer as unknown[]);
      return given.size === question.answer.length && question.answer.every((a) => given.has(a));
    }
    case 'reorder':
      return Array.isArray(answer) && answer.length === question.answer.length && question.answer.every((a, i) => answer[i] === a);
    case 'match-the-following':
      return (
        Array.isArray(answer) &&
        answer.length === question.answer.length &&
        question.answer.every((pair, i) => {
          const given = answer[i];
          return typeof given === 'object' && given !== null && given.left === pair.left && given.right === pair.right;
        })
      );
  }
}

/**
 * Grades a finished attempt: every question counts; a question without an answered
 * record counts as wrong. Records for unknown question ids are reported.
 */
export function gradeAttempt(questions: QuizData, answers: readonly UserAnswer[]) {
  const byId = new Map(answers.map((a) => [String(a.questionId), a]));
  const known = new Set(questions.map((q) => String(q.id)));
  const unknownIds = answers.map((a) => String(a.questionId)).filter((id) => !known.has(id));
  const correct = questions.filter((q) => {
    const record = byId.get(String(q.id));
    return record?.status === 'answered' && isAnswerCorrect(q, record.answer);
  }).length;
  return { total: questions.length, correct, unknownIds };
}

/**
 * Why `answer` cannot be an answer to `question`, or null when it can: a single choice is one
 * of its options, a multiple choice a subset of them, a match a set of pairs over its two
 * lists (each left item once), a reorder a permutation of its options. No answer (null) fits
 * every question. An attempt is thereby never larger than the quiz it answers.
 */
export function answerOutOfBounds(question: Question, answer: AnswerValue | undefined): string | null {
  if (answer == null) return null;
  const texts = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
  switch (question.type) {
    case 'single-choice':
      return typeof answer === 'string' && question.options.includes(answer) ? null : 'must be one of its options';
    case 'multiple-choice':
      return texts(answer) && !hasDuplicates(answer) && answer.every((a) => question.options.includes(a)) ? null : 'must be a subset of its options';
    case 'reorder':
      return texts(answer) && answer.length === question.options.length && !hasDuplicates(answer) && answer.every((a) => question.options.includes(a))
        ? null
        : 'must list each of its options exactly once';
    case 'match-the-following': {
      const pairs = Array.isArray(answer) && answer.every((p) => typeof p === 'object' && p !== null) ? (answer as MatchPair[]) : null;
      const fits =
        pairs !== null && !hasDuplicates(pairs.map((p) => p.left)) && pairs.every((p) => question.left.includes(p.left) && question.right.includes(p.right));
      return fits ? null : 'must pair items of its left and right lists, each left item once';
    }
  }
}

/**
 * The refusals of an attempt's answers, one message each (empty when the attempt fits its
 * questions): answers to unknown questions, a question answered twice, an answer out of its
 * question's bounds (`answerOutOfBounds`).
 */
export function attemptProblems(questions: QuizData, answers: readonly UserAnswer[]): string[] {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const problems: string[] = [];
  const unknownIds = answers.map((a) => String(a.questionId)).filter((id) => !byId.has(id));
  if (unknownIds.length) problems.push(`Unknown question ids: ${unknownIds.join(', ')}.`);
  const seen = new Set<string>();
  for (const record of answers) {
    const id = String(record.questionId);
    const question = byId.get(id);
    if (!question) continue;
    if (seen.has(id)) problems.push(`Question ${id} is answered twice.`);
    seen.add(id);
    const outOfBounds = answerOutOfBounds(question, record.answer);
    if (outOfBounds) problems.push(`The answer to question ${id} ${outOfBounds}.`);
  }
  return problems;
}

/** Fisher–Yates shuffle on a copy; `random` is injectable for tests. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
