/**
 * Spaced review of missed questions (issue 36): the schemas of reviews and cards. The rules
 * (which questions become cards, the rating a review earns, when a card retires, the FSRS fold
 * that turns a card's events into its schedule) are in `review-rules.ts`, without zod, and
 * re-exported here. Imports zod and the contract only.
 */
import { idSchema, pageSchema } from './fields';
import { CARD_STATES, REVIEW_RATINGS } from './review-rules';
import { z } from './zod';

export * from './review-rules';

const uuid = z.uuid().transform((id) => id.toLowerCase());
const isoDateTime = z.iso.datetime({ offset: true });

/** One review, made on the device: the same client_event_id is stored once. */
export const reviewEventSchema = z.strictObject({
  client_event_id: uuid,
  quiz: idSchema,
  question: z.string().min(1).max(100),
  rating: z.enum(REVIEW_RATINGS),
  reviewed_at: isoDateTime,
});
export type ReviewEvent = z.infer<typeof reviewEventSchema>;

/** POST /api/review/events/: a batch, stored whole or not at all. */
export const reviewBatchSchema = z.strictObject({
  events: z.array(reviewEventSchema).min(1, 'Send at least one event.').max(500, 'Send at most 500 events at once.'),
});
export type ReviewBatch = z.input<typeof reviewBatchSchema>;

/** The batch's client_event_ids, stored now or before (a replay answers the same). */
export const reviewBatchResultSchema = z.object({ accepted: z.array(z.string()) });
export type ReviewBatchResult = z.infer<typeof reviewBatchResultSchema>;

/** A card's event as folded: the card itself is named by the card around it. */
export const cardEventSchema = z.object({
  client_event_id: z.string(),
  rating: z.enum(REVIEW_RATINGS),
  reviewed_at: z.string(),
});
export type CardEvent = z.infer<typeof cardEventSchema>;

/** The FSRS schedule of a card (the fold of its events). */
export const cardScheduleSchema = z.object({
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number().int(),
  lapses: z.number().int(),
  state: z.enum(CARD_STATES),
  last_review: z.string().nullable(),
  /** ts-fsrs's own counters, so a stored schedule can be continued (`continueFold`). */
  scheduled_days: z.number(),
  learning_steps: z.number().int(),
});
export type CardSchedule = z.infer<typeof cardScheduleSchema>;

/** GET /api/review/cards/: one card with its events, its schedule and whether it retired. */
export const reviewCardSchema = z.object({
  quiz: z.number().int(),
  question: z.string(),
  book: z.number().int(),
  book_title: z.string(),
  /** When the question was first missed: that attempt's completion time. */
  created_at: z.string(),
  /** The quiz version of that attempt. */
  missed_version: z.number().int(),
  /** questionFingerprint of the question in missed_version. */
  fingerprint: z.string(),
  retired: z.boolean(),
  events: z.array(cardEventSchema),
  state: cardScheduleSchema,
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const reviewCardsPageSchema = pageSchema(reviewCardSchema);
export type ReviewCardsPage = z.infer<typeof reviewCardsPageSchema>;

/** GET /api/review/cards/?book=&page= */
export const reviewCardsQuerySchema = z.object({
  book: z.coerce.number().pipe(idSchema).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
