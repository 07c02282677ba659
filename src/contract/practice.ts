/**
 * The endotrainer practice log (issue 37). Requests and answers of:
 * - /practice/drills/ (list for signed-in users; POST for superusers), /practice/drills/{id}/
 *   (read; PUT and DELETE for superusers; deleting a drill deletes its repetitions),
 * - /practice/my-repetitions/ (GET the signed-in user's, paginated, newest first, `?drill=`;
 *   POST a batch, idempotent by client id), DELETE /practice/my-repetitions/{id}/ (unverified only),
 * - POST /accounts/organizations/{orgId}/members/{membershipId}/repetitions/{id}/verify/
 *   (the organization's admins and owners; not their own repetitions),
 * - the practice parts of the progress view and a member's detail (progress.ts uses them).
 * The server scores and judges every repetition with practice-rules.ts; the device shows the
 * same figures before it has synced.
 */
import { z } from './zod';
import { idSchema, pageSchema } from './fields';
import { chapterContentSchema } from './books';
import { MAX_REPETITION_BATCH, MAX_TIME_MS } from './practice-rules';

export * from './practice-rules';

/* ---------------------------------------------------------------------------- drills */

const penaltyIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Use 1 to 40 lowercase letters, digits and hyphens.');

export const drillPenaltySchema = z.strictObject({
  id: penaltyIdSchema,
  label: z.string().trim().min(1).max(200),
  seconds: z.number().int().min(1).max(3600),
});

/** POST and PUT of a drill (superusers). */
export const drillWriteSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  /** Rich text, as a chapter's content (Lexical JSON), or null. */
  instructions: chapterContentSchema.nullable().optional(),
  target_seconds: z.number().int().min(1).max(3600),
  penalties: z
    .array(drillPenaltySchema)
    .max(20)
    .default([])
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'Each penalty needs its own id.'),
  consecutive_passes: z.number().int().min(1).max(50).default(2),
  further_passes: z.number().int().min(0).max(200).default(10),
  /** At most this many repetitions per trainee; null: no cap. */
  max_repetitions: z.number().int().min(1).max(10_000).nullable().default(null),
});
export type DrillWrite = z.input<typeof drillWriteSchema>;

export const drillSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  instructions: z.unknown(),
  target_seconds: z.number().int(),
  penalties: z.array(z.object({ id: z.string(), label: z.string(), seconds: z.number().int() })),
  consecutive_passes: z.number().int(),
  further_passes: z.number().int(),
  max_repetitions: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Drill = z.infer<typeof drillSchema>;

/** GET /practice/drills/: every drill, oldest first (DRF page, one page). */
export const drillPageSchema = pageSchema(drillSchema);

/* ----------------------------------------------------------------------- repetitions */

/** One timed repetition as the device saved it. */
export const repetitionWriteSchema = z.strictObject({
  /** Made on the device when the repetition is written to IndexedDB; the same id is stored once. */
  client_id: z.uuid().transform((id) => id.toLowerCase()),
  drill: idSchema,
  /** The stopwatch's time, in milliseconds: positive, at most one hour. */
  time_ms: z.number().int().min(1).max(MAX_TIME_MS),
  /** Penalties entered after Stop: the drill's, each at most once in the list. */
  penalties: z
    .array(z.strictObject({ penalty: z.string().min(1).max(40), count: z.number().int().min(1).max(99) }))
    .max(20)
    .default([])
    .refine((list) => new Set(list.map((p) => p.penalty)).size === list.length, 'Each penalty at most once; give its count.'),
  /** When Stop was pressed, by the device's clock; more than the clock skew ahead of the server answers 400. */
  performed_at: z.iso.datetime({ offset: true }),
});
export type RepetitionWrite = z.input<typeof repetitionWriteSchema>;

/** POST /practice/my-repetitions/. */
export const repetitionBatchSchema = z.strictObject({
  repetitions: z.array(repetitionWriteSchema).min(1).max(MAX_REPETITION_BATCH),
});
export type RepetitionBatch = z.input<typeof repetitionBatchSchema>;

export const verifierSchema = z.object({ id: z.number().int(), full_name: z.string() });

/** A stored repetition, scored by the server against the drill as it was when it arrived. */
export const repetitionSchema = z.object({
  id: z.number().int(),
  client_id: z.string(),
  drill: z.number().int(),
  time_ms: z.number().int(),
  /** The penalties with their label and seconds as scored. */
  penalties: z.array(z.object({ penalty: z.string(), label: z.string(), seconds: z.number().int(), count: z.number().int() })),
  score_ms: z.number().int(),
  /** The drill's target when it was scored. */
  target_seconds: z.number().int(),
  passed: z.boolean(),
  performed_at: z.string(),
  created_at: z.string(),
  /** The organization admin who watched it; a verified repetition cannot be changed or deleted. */
  verified_by: verifierSchema.nullable(),
  verified_at: z.string().nullable(),
});
export type Repetition = z.infer<typeof repetitionSchema>;

/**
 * What POST /practice/my-repetitions/ answers (200, also for a replay): every repetition of the
 * batch as stored (a replayed client id answers its first record), and the client ids of those
 * for drills that no longer exist (taken, so the device drops them, but not stored).
 */
export const repetitionBatchResultSchema = z.object({
  repetitions: z.array(repetitionSchema),
  ignored: z.array(z.string()),
});
export type RepetitionBatchResult = z.infer<typeof repetitionBatchResultSchema>;

/** GET /practice/my-repetitions/?drill=&page=&page_size= (newest first; page_size at most 1000, default 100). */
export const repetitionQuerySchema = z.strictObject({
  drill: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(100),
});
export const repetitionPageSchema = pageSchema(repetitionSchema);

/* --------------------------------------------------- the training directors' view */

export const proficiencyStateSchema = z.object({
  consecutive: z.number().int(),
  consecutive_needed: z.number().int(),
  further: z.number().int(),
  further_needed: z.number().int(),
  proficient_at: z.string().nullable(),
});

/** A drill as a column group of the progress view. */
export const practiceColumnSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  target_seconds: z.number().int(),
});

/** One member's figures for one drill in the progress view (every drill, for every member). */
export const practiceCellSchema = z.object({
  drill: z.number().int(),
  repetitions: z.number().int(),
  verified: z.number().int(),
  last_practice: z.string().nullable(),
  proficiency: proficiencyStateSchema,
});
export type PracticeCell = z.infer<typeof practiceCellSchema>;

/** One drill in a member's detail: every repetition, newest first, for the admin to verify. */
export const memberDrillSchema = z.object({
  drill: z.number().int(),
  name: z.string(),
  target_seconds: z.number().int(),
  proficiency: proficiencyStateSchema,
  repetitions: z.array(repetitionSchema),
});
export type MemberDrill = z.infer<typeof memberDrillSchema>;
