/** The texts of the learner's progress cards, in one place for the screens and their tests. */
import { formatDate, formatDateTime } from '../../lib/dates';
import { formatPercentage } from '../../lib/percent';

export const ASSIGNMENTS_TEXT = {
  title: 'Assigned to you',
  noDueDate: 'No due date',
  noAttempt: 'Quiz not taken yet',
  noQuiz: 'No quiz',
  offlineNever: 'You are offline: your assignments show when the connection returns.',
  failed: 'Could not load your assignments.',
  loading: 'Loading your assignments...',
} as const;

export const READING_TEXT = {
  title: 'Reading progress',
  empty: 'You have not read a chapter yet.',
  failed: 'Could not load your reading progress.',
  loading: 'Loading your reading progress...',
} as const;

/** 'Due 5 Dec 2026': a due date is a calendar day, shown as that day wherever the device is. */
export function dueDateText(dueDate: string | null): string {
  if (!dueDate) return ASSIGNMENTS_TEXT.noDueDate;
  const [year, month, day] = dueDate.split('-').map(Number);
  return `Due ${formatDate(new Date(year!, month! - 1, day))}`;
}

/** 'Best quiz score: 82.5%'. */
export function bestScoreText(hasQuiz: boolean, best: number | null): string {
  if (!hasQuiz) return ASSIGNMENTS_TEXT.noQuiz;
  return best === null ? ASSIGNMENTS_TEXT.noAttempt : `Best quiz score: ${formatPercentage(best)}`;
}

/** Said above data shown from the last sync while offline (or when a refresh failed). */
export const lastSyncedText = (updatedAt: number, offline: boolean) =>
  `${offline ? 'You are offline: as' : 'Could not refresh; as'} last synced ${formatDateTime(updatedAt)}.`;
