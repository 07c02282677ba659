/**
 * The practice log's shared rules (src/contract/practice-rules.ts, practice.ts): a repetition's
 * score and pass, the proficiency rule against a hand count, the order both sides count in,
 * the texts the trainee and the director read, and what the request schemas refuse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drillWriteSchema,
  FLS_RULE,
  formatClock,
  formatSeconds,
  inPerformedOrder,
  isPass,
  MAX_TIME_MS,
  proficiencyOf,
  proficiencyText,
  repetitionWriteSchema,
  scoreOf,
  type ProficiencyRule,
} from '../../../src/contract/practice';

const START = Date.parse('2026-03-01T08:00:00.000Z');
const repetitionsOf = (passes: readonly boolean[]) => passes.map((passed, i) => ({ passed, performed_at: new Date(START + i * 60_000).toISOString() }));

/**
 * The rule counted as a trainer would with a notebook: find the first place where the last
 * `consecutive` repetitions all passed; from the next one on, tick passes until there are
 * `further`; the repetition of the last tick (or of the run, with none needed) is the date.
 */
function handCount(passes: readonly boolean[], rule: ProficiencyRule) {
  let runEnd = -1;
  for (let i = rule.consecutive_passes - 1; i < passes.length && runEnd < 0; i++) {
    if (passes.slice(i - rule.consecutive_passes + 1, i + 1).every(Boolean)) runEnd = i;
  }
  if (runEnd < 0) {
    let run = 0;
    for (const passed of passes) run = passed ? run + 1 : 0;
    return { consecutive: run, further: 0, proficientIndex: null };
  }
  const ticks = passes
    .map((passed, i) => (passed && i > runEnd ? i : -1))
    .filter((i) => i >= 0)
    .slice(0, rule.further_passes);
  const proficientIndex = ticks.length === rule.further_passes ? (rule.further_passes === 0 ? runEnd : ticks[ticks.length - 1]!) : null;
  return { consecutive: rule.consecutive_passes, further: ticks.length, proficientIndex };
}

const ruleArbitrary = fc.record({ consecutive_passes: fc.integer({ min: 1, max: 5 }), further_passes: fc.integer({ min: 0, max: 12 }) });

describe('the proficiency rule', () => {
  it('gives, for passes and failures in any order, the state a hand count gives', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), ruleArbitrary, (passes, rule) => {
        const repetitions = repetitionsOf(passes);
        const state = proficiencyOf(repetitions, rule);
        const hand = handCount(passes, rule);
        expect(state).toEqual({
          consecutive: hand.consecutive,
          consecutive_needed: rule.consecutive_passes,
          further: hand.further,
          further_needed: rule.further_passes,
          proficient_at: hand.proficientIndex === null ? null : repetitions[hand.proficientIndex]!.performed_at,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('never takes proficiency back: later failures keep the state and its date', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 20 }), ruleArbitrary, (first, later, rule) => {
        const before = proficiencyOf(repetitionsOf(first), rule);
        const after = proficiencyOf(repetitionsOf([...first, ...later]), rule);
        if (before.proficient_at !== null) expect(after.proficient_at).toBe(before.proficient_at);
        expect(after.further).toBeGreaterThanOrEqual(before.further);
      }),
    );
  });

  it("follows FLS: a failure breaks the run; after 2 in a row, 10 more passes in any order make 'Proficient'", () => {
    const passes = [true, false, true, true, false, true, true, true, false, true, true, true, true, true, false, true, true];
    const repetitions = repetitionsOf(passes);
    const state = proficiencyOf(repetitions, FLS_RULE);
    expect(state.proficient_at).toBe(repetitions[16]!.performed_at);
    expect(proficiencyOf(repetitions.slice(0, 11), FLS_RULE)).toMatchObject({ consecutive: 2, further: 5, proficient_at: null });
    expect(proficiencyText(proficiencyOf(repetitions.slice(0, 11), FLS_RULE))).toBe('2 of 2 consecutive passes, 5 of 10 further passes');
    expect(proficiencyText(proficiencyOf(repetitionsOf([true, false, true]), FLS_RULE))).toBe('1 of 2 consecutive passes, 0 of 10 further passes');
    expect(proficiencyText(proficiencyOf(repetitionsOf([true]), { consecutive_passes: 3, further_passes: 0 }))).toBe('1 of 3 consecutive passes');
  });

  it('counts in performed order whatever order the repetitions arrive in, ties broken by client id', () => {
    const repetitions = Array.from({ length: 12 }, (_, i) => ({
      client_id: `0000000${i % 10}-0000-4000-8000-00000000000${i % 3}`,
      performed_at: new Date(START + Math.floor(i / 2) * 1000).toISOString(),
      passed: i % 3 !== 0,
    }));
    const sorted = inPerformedOrder(repetitions);
    fc.assert(
      fc.property(fc.shuffledSubarray(repetitions, { minLength: repetitions.length }), (shuffled) => {
        expect(inPerformedOrder(shuffled)).toEqual(sorted);
      }),
    );
    // An offset other than Z is the same instant.
    expect(
      inPerformedOrder([
        { client_id: 'b', performed_at: '2026-03-01T09:00:00+05:30' },
        { client_id: 'a', performed_at: '2026-03-01T04:00:00Z' },
      ]).map((r) => r.client_id),
    ).toEqual(['b', 'a']);
  });
});

describe('a repetition’s score', () => {
  const penalties = [
    { id: 'drop', label: 'Peg dropped outside the field of view', seconds: 10 },
    { id: 'slip', label: 'Knot slipped', seconds: 20 },
  ];

  it('is the time plus each penalty’s seconds times its count, and passes at or under the target', () => {
    expect(scoreOf(41_300, [], penalties)).toBe(41_300);
    expect(
      scoreOf(
        41_300,
        [
          { penalty: 'drop', count: 2 },
          { penalty: 'slip', count: 1 },
        ],
        penalties,
      ),
    ).toBe(81_300);
    expect(isPass(48_000, 48)).toBe(true);
    expect(isPass(48_001, 48)).toBe(false);
    expect(isPass(scoreOf(38_000, [{ penalty: 'drop', count: 1 }], penalties), 48)).toBe(true);
    expect(isPass(scoreOf(38_100, [{ penalty: 'drop', count: 1 }], penalties), 48)).toBe(false);
  });

  it('refuses a penalty the drill does not have', () => {
    expect(() => scoreOf(1000, [{ penalty: 'other', count: 1 }], penalties)).toThrow("The drill has no penalty 'other'.");
  });

  it('is shown in seconds with tenths, and the clock as m:ss.t', () => {
    expect(formatSeconds(47_360)).toBe('47.3 s');
    expect(formatSeconds(136_000)).toBe('136.0 s');
    expect(formatClock(0)).toBe('0:00.0');
    expect(formatClock(47_390)).toBe('0:47.3');
    expect(formatClock(136_050)).toBe('2:16.0');
    expect(formatClock(MAX_TIME_MS)).toBe('60:00.0');
  });
});

describe('the request schemas', () => {
  const repetition = { client_id: 'A1B2C3D4-0000-4000-8000-000000000001', drill: 1, time_ms: 41_300, performed_at: '2026-03-01T08:00:00Z' };

  it('take a repetition with its penalties, the client id lower-cased', () => {
    expect(repetitionWriteSchema.parse({ ...repetition, penalties: [{ penalty: 'drop', count: 2 }] })).toEqual({
      ...repetition,
      client_id: 'a1b2c3d4-0000-4000-8000-000000000001',
      penalties: [{ penalty: 'drop', count: 2 }],
    });
  });

  it('refuse a time of zero or over an hour, a penalty listed twice, and a date without its offset', () => {
    expect(repetitionWriteSchema.safeParse({ ...repetition, time_ms: 0 }).success).toBe(false);
    expect(repetitionWriteSchema.safeParse({ ...repetition, time_ms: MAX_TIME_MS + 1 }).success).toBe(false);
    expect(repetitionWriteSchema.safeParse({ ...repetition, time_ms: MAX_TIME_MS }).success).toBe(true);
    expect(
      repetitionWriteSchema.safeParse({
        ...repetition,
        penalties: [
          { penalty: 'drop', count: 1 },
          { penalty: 'drop', count: 1 },
        ],
      }).success,
    ).toBe(false);
    expect(repetitionWriteSchema.safeParse({ ...repetition, performed_at: '2026-03-01T08:00:00' }).success).toBe(false);
  });

  it('give a drill the FLS rule by default and refuse two penalties with one id', () => {
    expect(drillWriteSchema.parse({ name: ' Peg transfer ', target_seconds: 48 })).toMatchObject({
      name: 'Peg transfer',
      penalties: [],
      consecutive_passes: 2,
      further_passes: 10,
      max_repetitions: null,
    });
    const twice = drillWriteSchema.safeParse({
      name: 'Peg transfer',
      target_seconds: 48,
      penalties: [
        { id: 'drop', label: 'Peg dropped', seconds: 10 },
        { id: 'drop', label: 'Peg dropped again', seconds: 5 },
      ],
    });
    expect(twice.success).toBe(false);
    expect(drillWriteSchema.safeParse({ name: 'Peg transfer', target_seconds: 48, penalties: [{ id: 'Drop!', label: 'x', seconds: 1 }] }).success).toBe(false);
  });
});
