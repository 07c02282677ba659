/**
 * Question statistics (src/contract/quiz-statistics.ts) against figures worked out by hand. The
 * attempts a1–a11 and who answered what are tabled in tests/helpers/quiz-statistics-example.ts.
 */
import { describe, expect, it } from 'vitest';
import { questionStatisticsSchema } from '../../../src/contract/progress';
import { discriminationGroupSize, flagReasons, questionStatistics } from '../../../src/contract/quiz-statistics';
import { ATTEMPTS, QUESTIONS } from '../../helpers/quiz-statistics-example';

describe('questionStatistics', () => {
  const stats = questionStatistics(QUESTIONS, ATTEMPTS);

  it('answers in the contract’s shape, one entry per question in quiz order', () => {
    expect(stats.map((s) => questionStatisticsSchema.parse(s).question)).toEqual(['q1', 'q2', 'q3', '4']);
    expect(stats.map((s) => [s.text, s.type])).toEqual(QUESTIONS.map((q) => [q.question, q.type]));
  });

  it('counts the 10 attempts with answers and leaves out the one recorded without them', () => {
    expect(stats.map((s) => s.attempts)).toEqual([10, 10, 10, 10]);
  });

  it('gives % correct and % unanswered (skipped, missing or empty) of those attempts', () => {
    // q1: right a1 a2 a4 a8 = 4/10 = 40 %; unanswered a9 = 1/10 = 10 %.
    // q2: right a1 a2 a3 a8 = 4/10 = 40 %; unanswered a7 (skipped) a9 (empty list) = 2/10 = 20 %.
    // q3: right a1 a3 a5 a8 a9 = 5/10 = 50 %; unanswered a4 (skipped) a6 (no record) = 2/10 = 20 %.
    // q4: right a7 = 1/10 = 10 %; unanswered a9 = 1/10 = 10 %.
    expect(stats.map((s) => [s.percent_correct, s.percent_unanswered])).toEqual([
      [40, 10],
      [40, 20],
      [50, 20],
      [10, 10],
    ]);
  });

  it('compares the top and bottom 27 % of attempts by score (ties: the earlier attempt ranks lower)', () => {
    // Group size round(0.27 × 10) = 3. Ranked by score, then by order:
    //   0: a6 a10 · 25: a4 a5 a7 a9 · 50: a2 a3 · 75: a1 a8
    // bottom = a6 a10 a4, top = a3 a1 a8.
    // q1: top right a1 a8 = 2, bottom right a4 = 1 → (2 − 1) / 3 = 0.33
    // q2: top right a3 a1 a8 = 3, bottom none = 0 → 3 / 3 = 1
    // q3: top right a3 a1 a8 = 3, bottom none (a6 missing, a10 wrong, a4 skipped) → 1
    // q4: top none, bottom none → 0
    expect(stats.map((s) => s.discrimination)).toEqual([0.33, 1, 1, 0]);
  });

  it('names the wrong option chosen most often for choice questions, each wrong pick of a multiple choice counting', () => {
    // q1: B by a3 a5 a7 = 3, C by a6 = 1, D by a10 = 1.
    // q2 (right: W, X): Y by a4, a6, a10 = 3; Z by a6 = 1; a5's lone W is incomplete, not a wrong pick.
    // q3 is a reorder question: none. q4: yes by everyone but a7 (right) and a9 (skipped) = 8.
    expect(stats.map((s) => s.most_chosen_wrong)).toEqual([{ option: 'B', count: 3 }, { option: 'Y', count: 3 }, null, { option: 'yes', count: 8 }]);
  });

  it('flags a question under 20 % correct or discriminating under 0.2, saying why', () => {
    expect(stats.map((s) => s.flagged)).toEqual([false, false, false, true]);
    expect(stats[3]!.flag_reasons).toEqual(['Fewer than 20 % answer it correctly.', 'It does not separate strong from weak attempts (discrimination 0.00).']);
    expect(stats.slice(0, 3).every((s) => s.flag_reasons.length === 0)).toBe(true);
  });

  it('has no discrimination when a group would have fewer than 2 attempts, and no flag without attempts', () => {
    // 5 attempts: round(0.27 × 5) = round(1.35) = 1 per group, too few.
    const five = questionStatistics(QUESTIONS, ATTEMPTS.slice(0, 5));
    expect(five.map((s) => s.discrimination)).toEqual([null, null, null, null]);
    const none = questionStatistics(QUESTIONS, [{ score: 50, answers: null }]);
    expect(none.map((s) => [s.attempts, s.percent_correct, s.flagged, s.most_chosen_wrong])).toEqual(QUESTIONS.map(() => [0, 0, false, null]));
  });
});

describe('discriminationGroupSize', () => {
  it('is 27 % of the attempts, rounded, from 2 upwards', () => {
    expect([4, 5, 6, 7, 10, 100, 100_000].map(discriminationGroupSize)).toEqual([null, null, 2, 2, 3, 27, 27_000]);
  });
});

describe('flagReasons', () => {
  it('words each reason plainly, with the discrimination to two decimals', () => {
    expect(flagReasons(55, 0.05)).toEqual(['It does not separate strong from weak attempts (discrimination 0.05).']);
    expect(flagReasons(19.9, -0.25)).toEqual([
      'Fewer than 20 % answer it correctly.',
      'It does not separate strong from weak attempts (discrimination -0.25).',
    ]);
    expect(flagReasons(20, 0.2)).toEqual([]);
    expect(flagReasons(20, null)).toEqual([]);
  });
});
