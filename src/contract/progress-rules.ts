/**
 * The pure rules of reading progress and assignments (issue 35) without zod: the books list, the
 * dashboard and the outbox read them before any schema is needed. `progress.ts` re-exports them
 * beside the schemas.
 */

export const MAX_READING_BATCH = 500;

/** '3 of 8 chapters read'. */
export const chaptersReadText = (read: number, total: number) => `${read} of ${total} chapter${total === 1 ? '' : 's'} read`;

export const ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'done', 'overdue'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const assignmentStatusLabels: Record<AssignmentStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  done: 'Done',
  overdue: 'Overdue',
};

export const DEFAULT_PASS_MARK = 70;

export interface StatusInput {
  chaptersRead: number;
  chapterCount: number;
  attempts: number;
  /** Best quiz percentage, null without an attempt. */
  bestPercentage: number | null;
  /** Whether the book has a quiz; a book without one is done when every chapter is read. */
  hasQuiz: boolean;
  passMark: number;
  /** 'YYYY-MM-DD' or null. */
  dueDate: string | null;
  /** Today as 'YYYY-MM-DD' (the server's UTC date; the PWA uses the same). */
  today: string;
}

/**
 * 'done': every chapter read and (when the book has a quiz) a best score at or above the pass
 * mark. Otherwise 'overdue' after the due date, 'not_started' with nothing read or attempted,
 * else 'in_progress'.
 */
export function assignmentStatus(s: StatusInput): AssignmentStatus {
  const allRead = s.chaptersRead >= s.chapterCount;
  const passed = !s.hasQuiz || (s.bestPercentage !== null && s.bestPercentage >= s.passMark);
  if (allRead && passed) return 'done';
  if (s.dueDate !== null && s.today > s.dueDate) return 'overdue';
  if (s.chaptersRead === 0 && s.attempts === 0) return 'not_started';
  return 'in_progress';
}

/** Today as 'YYYY-MM-DD' in UTC. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Shown once on the dashboard to a member of an organization. */
export const progressVisibilityNotice = (organization: string) => `The admins of ${organization} can see your quiz results and reading progress.`;

export const PROGRESS_PAGE_SIZE = 50;

/**
 * One CSV cell as RFC 4180 and spreadsheets want it: a cell that begins with `=`, `+`, `-`, `@`,
 * tab or carriage return gets a leading `'` (never run as a formula); a cell with a comma, a
 * quote, CR or LF is quoted with quotes doubled. Numbers are written as they are.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
/** One CSV record, CRLF-terminated. */
export const csvRow = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
