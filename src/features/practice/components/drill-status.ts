/** A drill's proficiency as the practice screens word it (issue 37). */
import { proficiencyOf, proficiencyText, type Drill } from '../../../contract/practice';
import { formatDate } from '../../../lib/dates';
import type { LogEntry } from '../db/practice-log';

/** 'Target 48 s'. */
export const targetText = (drill: Pick<Drill, 'target_seconds'>) => `Target ${drill.target_seconds} s`;

/** 'Proficient since 5 Sept 2026' or '2 of 2 consecutive passes, 7 of 10 further passes'; `entries` in performed order. */
export function proficiencyLine(drill: Drill, entries: readonly LogEntry[]): string {
  const state = proficiencyOf(entries, drill);
  return state.proficient_at ? `Proficient since ${formatDate(state.proficient_at)}` : proficiencyText(state);
}
