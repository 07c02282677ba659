/**
 * The rules of spaced review (issue 36) without zod: which questions become cards, the rating a
 * review earns, when a card retires, and the FSRS fold that turns a card's events into its
 * schedule. The PWA and the server both fold with this module, so two devices that reviewed
 * offline agree on every due time once both have synced; the review link beside a chapter reads
 * a deck with it before any schema is needed. `review.ts` re-exports it beside the schemas.
 */
import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from 'ts-fsrs';
import { isAnswerCorrect } from './quiz-rules';
import type { Question, QuizData, UserAnswer } from './quiz';
import type { CardEvent, CardSchedule } from './review';

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
