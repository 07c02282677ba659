/**
 * Question statistics of one quiz version (issue 35), as pure rules the server and the tests
 * share. Per question: the share of attempts answering it correctly, the share leaving it
 * unanswered (skipped, never reached, or an empty answer), a discrimination index and, for choice
 * questions, the wrong option chosen most often.
 *
 * Discrimination: the attempts are ranked by their score (ties: the earlier attempt ranks lower);
 * the bottom and the top `discriminationGroupSize(n)` of them (27 % each, rounded) form the two
 * groups, and the index is (correct in the top group − correct in the bottom group) / group size.
 * It is null under 2 attempts per group. The server ranks with two boundary attempts and feeds
 * attempts one at a time (`QuestionStatisticsTally`), so memory does not grow with the attempts.
 *
 * An attempt recorded without its answers (records older than answer storage) cannot say what
 * it answered: it counts in its version's attempts, and is left out of every question's figures.
 */
import type { QuestionStatistics } from './progress';
import { isAnswerCorrect, isEmptyAnswer, type QuizData, type UserAnswer } from './quiz';

/** The share of attempts in each discrimination group. */
export const DISCRIMINATION_GROUP_SHARE = 0.27;
/** A question is flagged below this discrimination … */
export const LOW_DISCRIMINATION = 0.2;
/** … or below this percentage of correct answers. */
export const LOW_PERCENT_CORRECT = 20;

/** The size of the top and of the bottom group among `attempts`, or null when under 2. */
export function discriminationGroupSize(attempts: number): number | null {
  const size = Math.round(DISCRIMINATION_GROUP_SHARE * attempts);
  return size >= 2 ? size : null;
}

export type DiscriminationGroup = 'top' | 'bottom' | null;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** The reasons a question needs review, in plain words (empty when it does not). */
export function flagReasons(percentCorrect: number, discrimination: number | null): string[] {
  const reasons: string[] = [];
  if (percentCorrect < LOW_PERCENT_CORRECT) reasons.push('Fewer than 20 % answer it correctly.');
  if (discrimination !== null && discrimination < LOW_DISCRIMINATION)
    reasons.push(`It does not separate strong from weak attempts (discrimination ${discrimination.toFixed(2)}).`);
  return reasons;
}

interface QuestionCounts {
  correct: number;
  unanswered: number;
  topCorrect: number;
  bottomCorrect: number;
  /** Wrong options picked, by option text (choice questions only). */
  wrongPicks: Map<string, number>;
}

/**
 * Counts attempts one at a time; `result()` gives the figures. `groupSize` is
 * `discriminationGroupSize` of the attempts that will be added, and each attempt says which
 * group it belongs to (the caller ranks them).
 */
export class QuestionStatisticsTally {
  private attempts = 0;
  private readonly counts: QuestionCounts[];

  constructor(
    private readonly questions: Readonly<QuizData>,
    private readonly groupSize: number | null,
  ) {
    this.counts = questions.map(() => ({ correct: 0, unanswered: 0, topCorrect: 0, bottomCorrect: 0, wrongPicks: new Map() }));
  }

  /** One attempt's answers (records as sent with the attempt) and its discrimination group. */
  add(answers: readonly UserAnswer[], group: DiscriminationGroup): void {
    this.attempts += 1;
    const byId = new Map(answers.map((a) => [String(a.questionId), a]));
    this.questions.forEach((question, i) => {
      const counts = this.counts[i]!;
      const record = byId.get(String(question.id));
      if (record?.status !== 'answered' || isEmptyAnswer(record.answer)) {
        counts.unanswered += 1;
        return;
      }
      if (isAnswerCorrect(question, record.answer)) {
        counts.correct += 1;
        if (group === 'top') counts.topCorrect += 1;
        if (group === 'bottom') counts.bottomCorrect += 1;
        return;
      }
      const picked = question.type === 'single-choice' ? [record.answer] : question.type === 'multiple-choice' ? record.answer : [];
      const right: readonly string[] = question.type === 'single-choice' ? [question.answer] : question.type === 'multiple-choice' ? question.answer : [];
      for (const option of Array.isArray(picked) ? picked : []) {
        if (typeof option === 'string' && !right.includes(option)) counts.wrongPicks.set(option, (counts.wrongPicks.get(option) ?? 0) + 1);
      }
    });
  }

  result(): QuestionStatistics[] {
    const n = this.attempts;
    return this.questions.map((question, i) => {
      const counts = this.counts[i]!;
      const percentCorrect = n ? oneDecimal((counts.correct / n) * 100) : 0;
      const discrimination = this.groupSize === null ? null : twoDecimals((counts.topCorrect - counts.bottomCorrect) / this.groupSize);
      // No attempt with answers: nothing to judge the question by.
      const reasons = n ? flagReasons(percentCorrect, discrimination) : [];
      return {
        question: String(question.id),
        text: question.question,
        type: question.type,
        attempts: n,
        percent_correct: percentCorrect,
        percent_unanswered: n ? oneDecimal((counts.unanswered / n) * 100) : 0,
        discrimination,
        most_chosen_wrong: mostChosenWrong(question.type === 'single-choice' || question.type === 'multiple-choice' ? question.options : [], counts.wrongPicks),
        flagged: reasons.length > 0,
        flag_reasons: reasons,
      };
    });
  }
}

/** The wrong option picked most often; a tie goes to the option listed first. */
function mostChosenWrong(options: readonly string[], picks: Map<string, number>): QuestionStatistics['most_chosen_wrong'] {
  let best: { option: string; count: number } | null = null;
  const order = [...options, ...[...picks.keys()].filter((o) => !options.includes(o))];
  for (const option of order) {
    const count = picks.get(option) ?? 0;
    if (count > 0 && (best === null || count > best.count)) best = { option, count };
  }
  return best;
}

/** One attempt of a version: its answers (null when recorded without them) and its score percentage. */
export interface StatisticsAttempt {
  answers: readonly UserAnswer[] | null;
  score: number;
}

/**
 * The statistics of every question of a version from its attempts, given in the order they were
 * recorded (that order breaks ties of score). Attempts without answers are left out.
 */
export function questionStatistics(questions: Readonly<QuizData>, attempts: readonly StatisticsAttempt[]): QuestionStatistics[] {
  const known = attempts.filter((a): a is StatisticsAttempt & { answers: readonly UserAnswer[] } => a.answers !== null);
  const groupSize = discriminationGroupSize(known.length);
  const ranked = known.map((attempt, order) => ({ score: attempt.score, order })).sort((a, b) => a.score - b.score || a.order - b.order);
  const groups: DiscriminationGroup[] = known.map(() => null);
  if (groupSize !== null) {
    ranked.slice(0, groupSize).forEach(({ order }) => (groups[order] = 'bottom'));
    ranked.slice(-groupSize).forEach(({ order }) => (groups[order] = 'top'));
  }
  const tally = new QuestionStatisticsTally(questions, groupSize);
  known.forEach((attempt, order) => tally.add(attempt.answers, groups[order]!));
  return tally.result();
}
