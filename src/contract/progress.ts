/**
 * Reading progress, assignments, the organization's progress view and quiz question statistics
 * (issue 35). Requests and answers of:
 * - POST /books/reading/ (a batch of "chapter read" events, idempotent by client id),
 * - GET /books/my-progress/, GET /books/my-assignments/,
 * - /accounts/organizations/{orgId}/assignments/ (list, create; {id}/ read, update, delete),
 * - GET /accounts/organizations/{orgId}/progress/ (paginated; ?format=csv streams a CSV),
 * - GET /accounts/organizations/{orgId}/progress/{userId}/ (one member's detail),
 * - GET /books/books/{id}/quiz/statistics/.
 * The status rule and the CSV cell rule are pure functions here so the server, the PWA (offline
 * dashboard) and the tests agree.
 */
import { z } from './zod';
import { idSchema } from './fields';
import { ASSIGNMENT_STATUSES, DEFAULT_PASS_MARK, MAX_READING_BATCH } from './progress-rules';
import { memberDrillSchema, practiceCellSchema, practiceColumnSchema } from './practice';

export * from './progress-rules';

/* ----------------------------------------------------------------- reading progress */

/** One "chapter read" event: the chapter's end was on screen, online or offline. */
export const readingEventSchema = z.strictObject({
  /** Made on the device when the event is written to IndexedDB; the same id never counts twice. */
  client_event_id: z.uuid().transform((id) => id.toLowerCase()),
  chapter: idSchema,
  /** When the end of the chapter was on screen, by the device's clock; a future time counts as the receipt. */
  read_at: z.iso.datetime({ offset: true }),
});
export type ReadingEvent = z.input<typeof readingEventSchema>;

/** POST /books/reading/: a batch of events. */
export const readingBatchSchema = z.strictObject({
  events: z.array(readingEventSchema).min(1).max(MAX_READING_BATCH),
});
export type ReadingBatch = z.input<typeof readingBatchSchema>;

/**
 * What POST /books/reading/ answers (200, also for a replay): the ids it took, and the ids of
 * events for chapters that no longer exist (taken too, so the device drops them, but not counted).
 */
export const readingBatchResultSchema = z.object({
  accepted: z.array(z.string()),
  ignored: z.array(z.string()),
});
export type ReadingBatchResult = z.infer<typeof readingBatchResultSchema>;

/** One book's progress of the signed-in user (GET /books/my-progress/ lists the books they began). */
export const bookProgressSchema = z.object({
  book: z.number().int(),
  /** Chapters of the book (as it is now) the user has read. */
  chapters_read: z.number().int(),
  chapter_count: z.number().int(),
  /** The ids of the chapters read, so a device can mark them in the contents offline. */
  read_chapters: z.array(z.number().int()),
  attempts: z.number().int(),
  /** Best score percentage on the book's quiz, null without an attempt. */
  best_percentage: z.number().nullable(),
  last_activity: z.string().nullable(),
});
export type BookProgress = z.infer<typeof bookProgressSchema>;

/* ---------------------------------------------------------------------- assignments */

const dueDateSchema = z.iso.date();

/** POST …/assignments/: `members` empty with `to_all` true assigns every member, now and later. */
export const assignmentWriteSchema = z
  .strictObject({
    book: idSchema,
    to_all: z.boolean(),
    /** User ids of members of the organization; ignored (must be empty) when `to_all`. */
    members: z.array(idSchema).max(5000).default([]),
    due_date: dueDateSchema.nullable().optional(),
    note: z
      .string()
      .max(1000)
      .optional()
      .transform((v) => v?.trim() ?? ''),
    pass_mark: z.number().int().min(1).max(100).default(DEFAULT_PASS_MARK),
  })
  .refine((a) => a.to_all || a.members.length > 0, { path: ['members'], message: 'Choose at least one member, or assign to all members.' })
  .refine((a) => !a.to_all || a.members.length === 0, { path: ['members'], message: 'Leave members empty when assigning to all members.' });
export type AssignmentWrite = z.input<typeof assignmentWriteSchema>;

/** PATCH …/assignments/{id}/: any of the fields (the book stays). */
export const assignmentUpdateSchema = z.strictObject({
  to_all: z.boolean().optional(),
  members: z.array(idSchema).max(5000).optional(),
  due_date: dueDateSchema.nullable().optional(),
  note: z.string().max(1000).optional(),
  pass_mark: z.number().int().min(1).max(100).optional(),
});
export type AssignmentUpdate = z.input<typeof assignmentUpdateSchema>;

/** An assignment as the organization's admins see it. */
export const assignmentSchema = z.object({
  id: z.number().int(),
  organization: z.number().int(),
  book: z.number().int(),
  book_title: z.string(),
  to_all: z.boolean(),
  /** The members it names (empty when to_all). */
  members: z.array(z.object({ id: z.number().int(), full_name: z.string(), email: z.string() })),
  due_date: z.string().nullable(),
  note: z.string(),
  pass_mark: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** One of the signed-in member's assignments (GET /books/my-assignments/, all organizations). */
export const myAssignmentSchema = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  book: z.number().int(),
  book_title: z.string(),
  due_date: z.string().nullable(),
  note: z.string(),
  pass_mark: z.number().int(),
  chapters_read: z.number().int(),
  chapter_count: z.number().int(),
  attempts: z.number().int(),
  best_percentage: z.number().nullable(),
  has_quiz: z.boolean(),
  status: z.enum(ASSIGNMENT_STATUSES),
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;

/* -------------------------------------------------------------------- progress view */

/** GET …/progress/?status=&sort=&page=&format= */
export const progressQuerySchema = z.strictObject({
  /** Members with at least one assignment in this status. */
  status: z.enum(ASSIGNMENT_STATUSES).optional(),
  sort: z.enum(['name', '-name', 'last_synced', '-last_synced', 'status', '-status']).default('name'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** csv: one row per member; practice_csv: one row per repetition of the page's members' (issue 37), saying which were verified and by whom. */
  format: z.enum(['json', 'csv', 'practice_csv']).default('json'),
});
export type ProgressQuery = z.input<typeof progressQuerySchema>;

/** One member's figures for one assigned book. */
export const progressCellSchema = z.object({
  assignment: z.number().int(),
  book: z.number().int(),
  chapters_read: z.number().int(),
  chapter_count: z.number().int(),
  attempts: z.number().int(),
  best_percentage: z.number().nullable(),
  last_activity: z.string().nullable(),
  status: z.enum(ASSIGNMENT_STATUSES),
});
export type ProgressCell = z.infer<typeof progressCellSchema>;

export const progressRowSchema = z.object({
  member: z.object({ id: z.number().int(), full_name: z.string(), email: z.string(), role: z.string() }),
  /** When the server last received a score or reading events from the member, null never. */
  last_synced: z.string().nullable(),
  /** One cell per assignment of the page's `assignments` that applies to this member (others absent). */
  books: z.array(progressCellSchema),
  /** One cell per drill of the page's `drills` (issue 37). */
  drills: z.array(practiceCellSchema),
});
export type ProgressRow = z.infer<typeof progressRowSchema>;

/** The page: the DRF page fields plus the organization's assignments (the column groups). */
export const progressPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  assignments: z.array(
    z.object({ id: z.number().int(), book: z.number().int(), book_title: z.string(), due_date: z.string().nullable(), pass_mark: z.number().int() }),
  ),
  /** Every drill (the practice column groups, issue 37). */
  drills: z.array(practiceColumnSchema),
  results: z.array(progressRowSchema),
});
export type ProgressPage = z.infer<typeof progressPageSchema>;

/** GET …/progress/{userId}/: one member's attempts and reading per assigned book. */
export const memberProgressSchema = z.object({
  member: z.object({ id: z.number().int(), full_name: z.string(), email: z.string(), role: z.string() }),
  /** The membership's id: the verify path of a repetition names it (issue 37). */
  membership_id: z.number().int(),
  last_synced: z.string().nullable(),
  /** Every drill the member practised, with all their repetitions (issue 37). */
  drills: z.array(memberDrillSchema),
  books: z.array(
    z.object({
      assignment: z.number().int(),
      book: z.number().int(),
      book_title: z.string(),
      status: z.enum(ASSIGNMENT_STATUSES),
      due_date: z.string().nullable(),
      chapters: z.array(z.object({ id: z.number().int(), title: z.string(), read_at: z.string().nullable() })),
      attempts: z.array(
        z.object({
          id: z.number().int(),
          score_percentage: z.number(),
          correct_answers: z.number().int(),
          total_questions: z.number().int(),
          submitted_at: z.string(),
        }),
      ),
    }),
  ),
});
export type MemberProgress = z.infer<typeof memberProgressSchema>;

/* ------------------------------------------------------------------ question statistics */

export const questionStatisticsSchema = z.object({
  /** The question's id in quiz_data, its text and type. */
  question: z.string(),
  text: z.string(),
  type: z.string(),
  attempts: z.number().int(),
  /** Percentages 0..100, one decimal. */
  percent_correct: z.number(),
  percent_unanswered: z.number(),
  /** Top 27 % minus bottom 27 % of attempts (by the attempt's score) answering it correctly, -1..1; null under 2 attempts in each group. */
  discrimination: z.number().nullable(),
  /** For choice questions: the wrong option chosen most often, and how many times; null when none. */
  most_chosen_wrong: z.object({ option: z.string(), count: z.number().int() }).nullable(),
  /** Low discrimination (< 0.2) or under 20 % correct: the author should review it. */
  flagged: z.boolean(),
  flag_reasons: z.array(z.string()),
});
export type QuestionStatistics = z.infer<typeof questionStatisticsSchema>;

export const quizStatisticsSchema = z.object({
  quiz: z.number().int(),
  versions: z.array(
    z.object({
      version: z.number().int(),
      created_at: z.string(),
      attempts: z.number().int(),
      questions: z.array(questionStatisticsSchema),
    }),
  ),
});
export type QuizStatistics = z.infer<typeof quizStatisticsSchema>;
