/**
 * The quiz session of SPEC §4 as pure functions over one attempt record (the same record
 * that is written to IndexedDB after every step, so a reload resumes exactly here).
 *
 * Phases: in-progress → (review-skipped) → completed.
 * - Submit Answer records the answer with its correctness (src/contract/quiz.ts, the only
 *   grading path) and locks the question; an empty answer does nothing.
 * - Skip marks the question skipped, queues it and moves on.
 * - Next Question moves on; after the last question the skipped ones are revisited one by
 *   one; after the last of those (or the last question when nothing was skipped) the quiz is
 *   completed ('Finish Quiz').
 * - Submit Quiz completes at once: every question without an answer is recorded 'unanswered'.
 */
import {
  isAnswerCorrect,
  isEmptyAnswer,
  shuffled,
  type AnswerValue,
  type MatchPair,
  type Question,
  type QuizData,
  type UserAnswer,
} from '../../../contract/quiz';
import type { QuizAttempt } from '../../../lib/db';

export type QuizPhase = QuizAttempt['phase'];

/** The attempt without who and what it belongs to: what the session itself changes. */
export type SessionState = Omit<QuizAttempt, 'userId' | 'bookId' | 'quizId' | 'quizVersion'>;

export const idOf = (question: Question) => String(question.id);

/** How many times a reorder list is reshuffled so it does not start in the correct order. */
const RESHUFFLE_TRIES = 8;

/** The right column of each match question and the options of each reorder question, shuffled. */
export function shuffleQuestions(questions: QuizData, random: () => number = Math.random): Record<string, string[]> {
  const shuffles: Record<string, string[]> = {};
  for (const question of questions) {
    if (question.type === 'match-the-following') shuffles[idOf(question)] = shuffled(question.right, random);
    if (question.type === 'reorder') {
      let order = shuffled(question.options, random);
      // An order that is already correct would be a free answer: shuffle again (a few times).
      const correct = (list: string[]) => list.every((item, j) => item === question.answer[j]);
      for (let i = 0; i < RESHUFFLE_TRIES && correct(order); i++) order = shuffled(question.options, random);
      // Still correct (very unlikely, or a stubborn random source): rotate by one place.
      if (correct(order)) order = [...order.slice(1), order[0]!];
      shuffles[idOf(question)] = order;
    }
  }
  return shuffles;
}

/** A new attempt: the author's question order, fresh shuffles, nothing answered. */
export function startSession(questions: QuizData, attemptId: string, now: number, random: () => number = Math.random): SessionState {
  const shuffles = shuffleQuestions(questions, random);
  const drafts: Record<string, AnswerValue> = {};
  // A reorder question's answer starts as the shuffled list the learner sees.
  for (const question of questions) if (question.type === 'reorder') drafts[idOf(question)] = [...shuffles[idOf(question)]!];
  return {
    attemptId,
    phase: 'in-progress',
    questionIds: questions.map(idOf),
    currentIndex: 0,
    skipped: [],
    reviewIndex: 0,
    answers: [],
    drafts,
    shuffles,
    startedAt: now,
    updatedAt: now,
    completedAt: null,
  };
}

/** The id of the question on screen, or null once completed. */
export function currentQuestionId(state: SessionState): string | null {
  if (state.phase === 'in-progress') return state.questionIds[state.currentIndex] ?? null;
  if (state.phase === 'review-skipped') return state.skipped[state.reviewIndex] ?? null;
  return null;
}

export function recordOf(state: SessionState, questionId: string): UserAnswer | undefined {
  return state.answers.find((a) => String(a.questionId) === questionId);
}

/** True once the question has a submitted answer (it is locked). */
export function isAnswered(state: SessionState, questionId: string): boolean {
  return recordOf(state, questionId)?.status === 'answered';
}

export { answeredCount } from './answered-count';

/**
 * The answer a draft stands for. A match draft holds the pairs chosen so far; it becomes an
 * answer only when every left item has a partner, in the order the question's answer lists
 * them (SPEC §5 compares pairs by position).
 */
export function answerOf(question: Question, draft: AnswerValue | undefined): AnswerValue {
  if (draft === undefined) return null;
  if (question.type !== 'match-the-following') return draft;
  const pairs = Array.isArray(draft) ? (draft as MatchPair[]) : [];
  const lefts = question.answer.map((p) => p.left);
  const chosen = lefts.map((left) => pairs.find((p) => typeof p === 'object' && p !== null && p.left === left));
  if (chosen.some((p) => !p || !p.right)) return null;
  return chosen.map((p) => ({ left: p!.left, right: p!.right }));
}

const touch = (state: SessionState, now: number, patch: Partial<SessionState>): SessionState => ({ ...state, ...patch, updatedAt: now });

const withRecord = (answers: UserAnswer[], record: UserAnswer) => [...answers.filter((a) => String(a.questionId) !== String(record.questionId)), record];

/** Keeps the learner's unsubmitted choice (also written to IndexedDB). */
export function setDraft(state: SessionState, questionId: string, draft: AnswerValue, now: number): SessionState {
  if (state.phase === 'completed' || isAnswered(state, questionId)) return state;
  return touch(state, now, { drafts: { ...state.drafts, [questionId]: draft } });
}

/** Submit Answer: records the answer and whether it is correct; inert on an empty answer. */
export function submitAnswer(state: SessionState, questions: QuizData, now: number): SessionState {
  const id = currentQuestionId(state);
  const question = questions.find((q) => idOf(q) === id);
  if (!id || !question || isAnswered(state, id)) return state;
  const answer = answerOf(question, state.drafts[id]);
  if (isEmptyAnswer(answer)) return state;
  const record: UserAnswer = { questionId: question.id, answer, isCorrect: isAnswerCorrect(question, answer), status: 'answered' };
  return touch(state, now, { answers: withRecord(state.answers, record) });
}

/** Skipped questions still waiting for an answer. */
const pendingSkipped = (state: SessionState) => state.skipped.filter((id) => !isAnswered(state, id));

/** Completes the attempt: one record per question, in the author's order. */
function complete(state: SessionState, questions: QuizData, now: number, missing: 'keep' | 'unanswered'): SessionState {
  const answers = questions.map((question): UserAnswer => {
    const record = recordOf(state, idOf(question));
    if (record?.status === 'answered') return record;
    const status = missing === 'keep' && record?.status === 'skipped' ? 'skipped' : 'unanswered';
    return { questionId: question.id, answer: null, isCorrect: false, status };
  });
  return touch(state, now, { phase: 'completed', answers, completedAt: now });
}

/** After the current question: the next question, the skipped ones, or the end. */
function advance(state: SessionState, questions: QuizData, now: number): SessionState {
  if (state.phase === 'in-progress') {
    if (state.currentIndex + 1 < state.questionIds.length) return touch(state, now, { currentIndex: state.currentIndex + 1 });
    const waiting = pendingSkipped(state);
    if (waiting.length > 0) return touch(state, now, { phase: 'review-skipped', skipped: waiting, reviewIndex: 0 });
    return complete(state, questions, now, 'keep');
  }
  if (state.phase === 'review-skipped') {
    if (state.reviewIndex + 1 < state.skipped.length) return touch(state, now, { reviewIndex: state.reviewIndex + 1 });
    return complete(state, questions, now, 'keep');
  }
  return state;
}

/** Skip: marks the current (unanswered) question skipped, queues it for review and moves on. */
export function skipQuestion(state: SessionState, questions: QuizData, now: number): SessionState {
  const id = currentQuestionId(state);
  if (!id || isAnswered(state, id) || !canSkip(state)) return state;
  const question = questions.find((q) => idOf(q) === id)!;
  const record: UserAnswer = { questionId: question.id, answer: null, status: 'skipped' };
  const skipped = state.phase === 'in-progress' && !state.skipped.includes(id) ? [...state.skipped, id] : state.skipped;
  return advance(touch(state, now, { answers: withRecord(state.answers, record), skipped }), questions, now);
}

/** Next Question or Finish Quiz, once the current question is answered. */
export function nextQuestion(state: SessionState, questions: QuizData, now: number): SessionState {
  const id = currentQuestionId(state);
  if (!id || !isAnswered(state, id)) return state;
  return advance(state, questions, now);
}

/** Submit Quiz: ends at once; questions not answered are recorded as unanswered. */
export function submitQuiz(state: SessionState, questions: QuizData, now: number): SessionState {
  if (state.phase === 'completed') return state;
  return complete(state, questions, now, 'unanswered');
}

/** Skip is offered except on the last skipped question under review (nothing is left to skip to). */
export function canSkip(state: SessionState): boolean {
  if (state.phase === 'in-progress') return true;
  return state.phase === 'review-skipped' && state.reviewIndex + 1 < state.skipped.length;
}

/** True when moving on from the current (answered) question ends the quiz: 'Finish Quiz'. */
export function isLastStep(state: SessionState): boolean {
  if (state.phase === 'review-skipped') return state.reviewIndex + 1 >= state.skipped.length;
  if (state.phase !== 'in-progress' || state.currentIndex + 1 < state.questionIds.length) return false;
  return pendingSkipped(state).length === 0;
}

/** True when the stored attempt still fits these questions (same ids in the same order). */
export function fitsQuestions(state: Pick<SessionState, 'questionIds'>, questions: QuizData): boolean {
  return state.questionIds.length === questions.length && questions.every((q, i) => idOf(q) === state.questionIds[i]);
}
