/**
 * The pure rules of the endotrainer practice log (issue 37) without zod: a repetition's score and
 * pass, the proficiency rule and the texts that show them. The timer, 'My practice', the server
 * and the training directors' view all read them here. `practice.ts` re-exports them.
 */

/** At most this many repetitions in one POST /practice/my-repetitions/. */
export const MAX_REPETITION_BATCH = 200;
/** A repetition's time: positive, at most one hour. */
export const MAX_TIME_MS = 60 * 60 * 1000;

export interface DrillPenalty {
  /** Stable within the drill: a repetition names its penalties by it. */
  id: string;
  label: string;
  seconds: number;
}

export interface PenaltyCount {
  penalty: string;
  count: number;
}

export interface ProficiencyRule {
  /** Passes in a row that start the count (FLS: 2). */
  consecutive_passes: number;
  /** Passes after those, in any order, that complete it (FLS: 10). */
  further_passes: number;
}

/** The FLS rule: proficient after 2 consecutive passes and 10 more. */
export const FLS_RULE: ProficiencyRule = { consecutive_passes: 2, further_passes: 10 };

/**
 * Score = time + the penalties' seconds, in milliseconds. A penalty the drill does not have
 * throws: the server answers 400 before it scores, the device offers only the drill's.
 */
export function scoreOf(timeMs: number, penalties: readonly PenaltyCount[], drillPenalties: readonly DrillPenalty[]): number {
  const byId = new Map(drillPenalties.map((p) => [p.id, p]));
  let score = timeMs;
  for (const { penalty, count } of penalties) {
    const found = byId.get(penalty);
    if (!found) throw new Error(`The drill has no penalty '${penalty}'.`);
    score += found.seconds * 1000 * count;
  }
  return score;
}

/** A pass: the score at or under the target. */
export const isPass = (scoreMs: number, targetSeconds: number) => scoreMs <= targetSeconds * 1000;

export interface ProficiencyState {
  /** Passes in the current run, or `consecutive_needed` once a run was long enough. */
  consecutive: number;
  consecutive_needed: number;
  /** Passes after the run that counted, capped at `further_needed`. */
  further: number;
  further_needed: number;
  /** When the repetition that completed the rule was performed; null until then. */
  proficient_at: string | null;
}

/** The order proficiency is counted in: by performed_at, then client id (two devices agree). */
export function inPerformedOrder<T extends { performed_at: string; client_id: string }>(repetitions: readonly T[]): T[] {
  return [...repetitions].sort(
    (a, b) => Date.parse(a.performed_at) - Date.parse(b.performed_at) || (a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : 0),
  );
}

/**
 * The proficiency state after `repetitions`, taken in the order given (see `inPerformedOrder`):
 * a run of `consecutive_passes` passes in a row, then `further_passes` more passes, failures in
 * between allowed. Once reached, proficiency stays.
 */
export function proficiencyOf(repetitions: readonly { passed: boolean; performed_at: string }[], rule: ProficiencyRule): ProficiencyState {
  let run = 0;
  let further = 0;
  let counted = false;
  let proficientAt: string | null = null;
  for (const repetition of repetitions) {
    if (!counted) {
      run = repetition.passed ? run + 1 : 0;
      counted = run >= rule.consecutive_passes;
    } else if (repetition.passed && further < rule.further_passes) {
      further += 1;
    }
    if (counted && further >= rule.further_passes && proficientAt === null) proficientAt = repetition.performed_at;
  }
  return {
    consecutive: counted ? rule.consecutive_passes : run,
    consecutive_needed: rule.consecutive_passes,
    further,
    further_needed: rule.further_passes,
    proficient_at: proficientAt,
  };
}

/** '2 of 2 consecutive passes, 7 of 10 further passes'. */
export function proficiencyText(state: ProficiencyState): string {
  const consecutive = `${state.consecutive} of ${state.consecutive_needed} consecutive passes`;
  return state.further_needed === 0 ? consecutive : `${consecutive}, ${state.further} of ${state.further_needed} further passes`;
}

/** A score or time in seconds with tenths: '47.3 s'. */
export const formatSeconds = (ms: number) => `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;

/** The timer's clock: 'm:ss.t' ('0:47.3', '2:16.0'). */
export function formatClock(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${seconds}`;
}
