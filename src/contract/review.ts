/**
 * Spaced review of missed questions (issue 36): which questions become cards, the rating a
 * review earns, when a card retires, and the FSRS fold that turns a card's events into its
 * schedule. The PWA and the server both fold with this module, so two devices that reviewed
 * offline agree on every due time once both have synced. Imports zod and ts-fsrs only.
 */
import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from 'ts-fsrs';
import { z } from './zod';
import { idSchema, pageSchema } from './fields';
import { isAnswerCorrect, type Question, type QuizData, type UserAnswer } from './quiz';

export const REVIEW_RATINGS = ['again', 'hard', 'good'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardState = (typeof CARD_STATES)[number];

/** At most this many cards in one review session. */
export const REVIEW_SESSION_SIZE = 20;

/**
 * Fixed scheduler parameters: no fuzz (a random interval would differ between devices),
 * ts-fsrs's default retention and weights. Changing them reschedules every deck.
 */
const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

const GRADES: Record<ReviewRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good };
const STATE_NAMES: Record<State, CardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

/** The rating is derived, never asked: wrong → again; right but 'Not sure' → hard; right → good. */
export function ratingOf(isCorrect: boolean, notSure: boolean): ReviewRating {
  if (!isCorrect) return 'again';
  return notSure ? 'hard' : 'good';
}

/** The ids (as strings) of the questions a completed attempt answered wrong, skipped or left unanswered. */
export function missedQuestionIds(questions: QuizData, answers: readonly UserAnswer[]): string[] {
  const byId = new Map(answers.map((a) => [String(a.questionId), a]));
  return questions
    .filter((q) => {
      const record = byId.get(String(q.id));
      return !(record?.status === 'answered' && isAnswerCorrect(q, record.answer));
    })
    .map((q) => String(q.id));
}

/** cyrb53: a 53-bit string hash, enough to tell two versions of one question apart. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/**
 * A stable fingerprint of a question's content (type, text, options, answer, pairs or order,
 * explanation; not its id). A card retires when its question's fingerprint in the quiz's
 * current version differs from the one in the version it was missed in.
 */
export function questionFingerprint(question: Question): string {
  const content =
    question.type === 'match-the-following'
      ? [question.type, question.question, question.left, question.right, question.answer.map((p) => [p.left, p.right]), question.explanation ?? '']
      : [question.type, question.question, question.options, question.answer, question.explanation ?? ''];
  return `q1-${hash53(JSON.stringify(content))}`;
}

/** Whether a card missed with `fingerprint` is retired by the quiz's current questions. */
export function isRetired(questionId: string, fingerprint: string, currentQuestions: QuizData | null): boolean {
  const current = currentQuestions?.find((q) => String(q.id) === questionId);
  return !current || questionFingerprint(current) !== fingerprint;
}

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

const timeOf = (iso: string | Date) => (iso instanceof Date ? iso.getTime() : Date.parse(iso));

/** The fold order: by reviewed_at (as instants, whatever the offset), then client_event_id. */
export function compareEvents(a: Pick<CardEvent, 'client_event_id' | 'reviewed_at'>, b: Pick<CardEvent, 'client_event_id' | 'reviewed_at'>): number {
  const dt = timeOf(a.reviewed_at) - timeOf(b.reviewed_at);
  if (dt !== 0) return dt;
  return a.client_event_id < b.client_event_id ? -1 : a.client_event_id > b.client_event_id ? 1 : 0;
}

/** Events in fold order (`compareEvents`), each client_event_id once. */
export function orderedEvents<E extends CardEvent>(events: readonly E[]): E[] {
  const sorted = [...events].sort(compareEvents);
  const seen = new Set<string>();
  return sorted.filter((e) => (seen.has(e.client_event_id) ? false : (seen.add(e.client_event_id), true)));
}

function schedule(card: Card): CardSchedule {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_NAMES[card.state],
    last_review: card.last_review ? card.last_review.toISOString() : null,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
  };
}

const STATES: Record<CardState, State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };

function applyEvents(card: Card, events: readonly CardEvent[]): CardSchedule {
  for (const event of orderedEvents(events)) card = scheduler.next(card, new Date(timeOf(event.reviewed_at)), GRADES[event.rating]).card;
  return schedule(card);
}

/**
 * The FSRS schedule of a card created at `createdAt` (due then) after `events`: ts-fsrs `next()`
 * applied to `createEmptyCard(createdAt)` for each event in `orderedEvents` order. Pure.
 */
export function foldCard(createdAt: string | Date, events: readonly CardEvent[]): CardSchedule {
  return applyEvents(createEmptyCard(new Date(timeOf(createdAt))), events);
}

/**
 * `folded` continued with `later` events: equal to folding all of them at once when every one
 * of `later` comes after (`compareEvents`) every event already folded, and none repeats one
 * (the caller checks; otherwise fold again from the start). Saves refolding a long history.
 */
export function continueFold(folded: CardSchedule, later: readonly CardEvent[]): CardSchedule {
  const card: Card = {
    due: new Date(timeOf(folded.due)),
    stability: folded.stability,
    difficulty: folded.difficulty,
    elapsed_days: 0,
    scheduled_days: folded.scheduled_days,
    learning_steps: folded.learning_steps,
    reps: folded.reps,
    lapses: folded.lapses,
    state: STATES[folded.state],
    ...(folded.last_review ? { last_review: new Date(timeOf(folded.last_review)) } : {}),
  };
  return applyEvents(card, later);
}

/** What `dueCards` needs of a card. */
export interface SchedulableCard {
  quiz: number;
  question: string;
  book: number;
  retired: boolean;
  state: Pick<CardSchedule, 'due'>;
}

/** The cards to review now: not retired, due at or before `now`, oldest due first, at most `limit`. */
export function dueCards<C extends SchedulableCard>(
  cards: readonly C[],
  now: Date | string,
  { book, limit = REVIEW_SESSION_SIZE }: { book?: number; limit?: number } = {},
): C[] {
  const at = timeOf(now);
  return cards
    .map((card) => ({ card, due: timeOf(card.state.due) }))
    .filter(({ card, due }) => !card.retired && due <= at && (book === undefined || card.book === book))
    .sort((a, b) => a.due - b.due || a.card.quiz - b.card.quiz || (a.card.question < b.card.question ? -1 : a.card.question > b.card.question ? 1 : 0))
    .slice(0, limit)
    .map(({ card }) => card);
}
