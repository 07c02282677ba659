/**
 * Spaced review's shared rules (src/contract/review.ts): the FSRS fold both sides compute
 * (order-independent, idempotent, equal to ts-fsrs's own steps), the derived rating, which
 * questions of an attempt become cards, the fingerprint that retires a card, the due list.
 */
import fc from 'fast-check';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import type { UserAnswer } from '../../../src/contract/quiz';
import {
  compareEvents,
  continueFold,
  dueCards,
  foldCard,
  isRetired,
  missedQuestionIds,
  questionFingerprint,
  ratingOf,
  REVIEW_RATINGS,
  reviewBatchSchema,
  reviewEventSchema,
  type CardEvent,
} from '../../../src/contract/review';
import { matchTheFollowing, multipleChoice, QUIZ, reorder, singleChoice, wrongChoice } from '../../helpers/quiz-fixture';

const CREATED = '2026-01-01T08:00:00.000Z';
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.parse(CREATED) + ms).toISOString();

/** Events of one card at distinct times within a year of its creation, with distinct ids. */
const distinctEvents = fc
  .uniqueArray(fc.integer({ min: 1, max: 365 * DAY }), { minLength: 0, maxLength: 12 })
  .chain((offsets) =>
    fc.tuple(
      fc.constant(offsets),
      fc.array(fc.constantFrom(...REVIEW_RATINGS), { minLength: offsets.length, maxLength: offsets.length }),
      fc.uniqueArray(fc.uuid(), { minLength: offsets.length, maxLength: offsets.length }),
    ),
  )
  .map(([offsets, ratings, ids]): CardEvent[] => offsets.map((o, i) => ({ client_event_id: ids[i]!, rating: ratings[i]!, reviewed_at: at(o) })));

describe('foldCard', () => {
  it('a card nobody reviewed is new and due when it was created', () => {
    expect(foldCard(CREATED, [])).toMatchObject({ due: CREATED, state: 'new', reps: 0, lapses: 0, last_review: null });
  });

  it('gives the same schedule whatever order events with distinct times arrive in', () => {
    fc.assert(
      fc.property(
        distinctEvents.chain((events) => fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }))),
        ([events, shuffled]) => {
          expect(foldCard(CREATED, shuffled)).toEqual(foldCard(CREATED, events));
        },
      ),
    );
  });

  it('counts an event sent twice (same client_event_id) once', () => {
    fc.assert(
      fc.property(
        distinctEvents.filter((e) => e.length > 0),
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        (events, picks) => {
          const duplicated = [...events, ...picks.map((p) => ({ ...events[p % events.length]! }))];
          expect(foldCard(CREATED, duplicated)).toEqual(foldCard(CREATED, events));
        },
      ),
    );
  });

  it('continued with later events equals the fold of them all (a stored schedule need not be refolded)', () => {
    fc.assert(
      fc.property(distinctEvents, fc.nat(), (events, k) => {
        const ordered = [...events].sort(compareEvents);
        const cut = events.length ? k % (events.length + 1) : 0;
        const earlier = foldCard(CREATED, ordered.slice(0, cut));
        // Through JSON, as the schedule is stored and sent.
        const stored = JSON.parse(JSON.stringify(earlier)) as typeof earlier;
        expect(continueFold(stored, ordered.slice(cut))).toEqual(foldCard(CREATED, events));
      }),
    );
  });

  it("equals ts-fsrs's own step-by-step result for a recorded sequence", () => {
    const recorded: [number, Rating.Again | Rating.Hard | Rating.Good][] = [
      [10 * 60_000, Rating.Again],
      [20 * 60_000, Rating.Good],
      [1 * DAY, Rating.Good],
      [4 * DAY, Rating.Hard],
      [12 * DAY, Rating.Again],
      [13 * DAY, Rating.Good],
      [30 * DAY, Rating.Good],
    ];
    const f = fsrs({ enable_fuzz: false });
    let card = createEmptyCard(new Date(CREATED));
    for (const [offset, grade] of recorded) card = f.next(card, new Date(at(offset)), grade).card;

    const names = { [Rating.Again]: 'again', [Rating.Hard]: 'hard', [Rating.Good]: 'good' } as const;
    // Sent newest first, with times in another offset: the fold orders by instant.
    const events: CardEvent[] = recorded
      .map(([offset, grade], i) => ({
        client_event_id: `00000000-0000-4000-8000-00000000000${i}`,
        rating: names[grade],
        reviewed_at: new Date(Date.parse(at(offset)) + 0).toISOString().replace('Z', '+00:00'),
      }))
      .reverse();
    const state = foldCard(CREATED, events);
    expect(state).toEqual({
      due: card.due.toISOString(),
      stability: card.stability,
      difficulty: card.difficulty,
      reps: 7,
      lapses: card.lapses,
      state: 'review',
      last_review: new Date(at(30 * DAY)).toISOString(),
      scheduled_days: card.scheduled_days,
      learning_steps: card.learning_steps,
    });
    expect(card.lapses).toBe(1);
    expect(Date.parse(state.due)).toBeGreaterThan(Date.parse(at(31 * DAY)));
  });

  it('orders events by instant, not by the text of their offsets', () => {
    const a: CardEvent = { client_event_id: '00000000-0000-4000-8000-00000000000a', rating: 'again', reviewed_at: '2026-01-02T10:00:00+05:30' };
    const b: CardEvent = { client_event_id: '00000000-0000-4000-8000-00000000000b', rating: 'good', reviewed_at: '2026-01-02T06:00:00Z' };
    // a is 04:30Z, before b; as text a sorts after b.
    const f = fsrs({ enable_fuzz: false });
    const first = f.next(createEmptyCard(new Date(CREATED)), new Date(a.reviewed_at), Rating.Again).card;
    const expected = f.next(first, new Date(b.reviewed_at), Rating.Good).card;
    expect(foldCard(CREATED, [b, a]).due).toBe(expected.due.toISOString());
  });
});

describe('ratingOf', () => {
  it('wrong is again, right but not sure is hard, right is good', () => {
    expect(ratingOf(false, false)).toBe('again');
    expect(ratingOf(false, true)).toBe('again');
    expect(ratingOf(true, true)).toBe('hard');
    expect(ratingOf(true, false)).toBe('good');
  });
});

describe('missedQuestionIds', () => {
  it('lists the wrong, skipped and unanswered questions of all four types, not the right ones', () => {
    const answers: UserAnswer[] = [
      { questionId: singleChoice.id, answer: wrongChoice, status: 'answered' },
      { questionId: multipleChoice.id, answer: null, status: 'skipped' },
      { questionId: matchTheFollowing.id, answer: matchTheFollowing.answer, status: 'answered' },
      // reorder has no record: unanswered
    ];
    expect(missedQuestionIds(QUIZ, answers)).toEqual(['q1', 'q2', '4']);
  });

  it('misses each type when answered wrong and none when all are right', () => {
    const wrong: UserAnswer[] = [
      { questionId: singleChoice.id, answer: wrongChoice, status: 'answered' },
      { questionId: multipleChoice.id, answer: ['5 mm'], status: 'answered' },
      { questionId: matchTheFollowing.id, answer: [...matchTheFollowing.answer].reverse(), status: 'answered' },
      { questionId: reorder.id, answer: [...reorder.answer].reverse(), status: 'answered' },
    ];
    expect(missedQuestionIds(QUIZ, wrong)).toEqual(['q1', 'q2', '3', '4']);
    const right = QUIZ.map((q): UserAnswer => ({ questionId: q.id, answer: q.answer, status: 'answered' }));
    expect(missedQuestionIds(QUIZ, right)).toEqual([]);
  });
});

describe('questionFingerprint', () => {
  it('changes when the answer changes, not when only another question changes', () => {
    const before = questionFingerprint(singleChoice);
    expect(questionFingerprint({ ...singleChoice })).toBe(before);
    expect(questionFingerprint({ ...singleChoice, answer: 'N2O' })).not.toBe(before);
    expect(questionFingerprint({ ...singleChoice, explanation: 'Because.' })).not.toBe(before);
    expect(questionFingerprint({ ...reorder, answer: [...reorder.answer].reverse() })).not.toBe(questionFingerprint(reorder));

    const edited = QUIZ.map((q) => (q.id === multipleChoice.id ? { ...multipleChoice, question: 'Which ports?' } : q));
    expect(isRetired('q1', before, edited)).toBe(false);
    expect(isRetired('q2', questionFingerprint(multipleChoice), edited)).toBe(true);
    expect(isRetired('q1', before, QUIZ.slice(1))).toBe(true);
    expect(isRetired('q1', before, null)).toBe(true);
  });
});

describe('dueCards', () => {
  const card = (question: string, due: string, extra: { book?: number; retired?: boolean } = {}) => ({
    quiz: 1,
    question,
    book: extra.book ?? 1,
    retired: extra.retired ?? false,
    state: { due },
  });

  it('lists due cards that are not retired, oldest due first, at most the limit, optionally of one book', () => {
    const cards = [
      card('late', '2026-01-03T00:00:00Z'),
      card('future', '2026-02-01T00:00:00Z'),
      card('early', '2026-01-01T00:00:00Z'),
      card('retired', '2025-12-01T00:00:00Z', { retired: true }),
      card('other-book', '2026-01-02T00:00:00Z', { book: 2 }),
    ];
    const now = '2026-01-10T00:00:00Z';
    expect(dueCards(cards, now).map((c) => c.question)).toEqual(['early', 'other-book', 'late']);
    expect(dueCards(cards, now, { book: 1 }).map((c) => c.question)).toEqual(['early', 'late']);
    expect(dueCards(cards, now, { limit: 1 }).map((c) => c.question)).toEqual(['early']);
    const many = Array.from({ length: 30 }, (_, i) => card(`q${i}`, '2026-01-01T00:00:00Z'));
    expect(dueCards(many, now)).toHaveLength(20);
  });
});

describe('review event schemas', () => {
  const event = { client_event_id: 'A0000000-0000-4000-8000-000000000001', quiz: 1, question: 'q1', rating: 'good', reviewed_at: '2026-01-01T10:00:00+05:30' };

  it('lower-cases the client id and refuses unknown ratings, times without offset and empty batches', () => {
    expect(reviewEventSchema.parse(event).client_event_id).toBe('a0000000-0000-4000-8000-000000000001');
    expect(reviewEventSchema.safeParse({ ...event, rating: 'easy' }).success).toBe(false);
    expect(reviewEventSchema.safeParse({ ...event, reviewed_at: '2026-01-01T10:00:00' }).success).toBe(false);
    expect(reviewEventSchema.safeParse({ ...event, question: '' }).success).toBe(false);
    expect(reviewBatchSchema.safeParse({ events: [] }).success).toBe(false);
    expect(reviewBatchSchema.safeParse({ events: [event] }).success).toBe(true);
  });
});
