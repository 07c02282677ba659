/**
 * Spaced review (issue 36): the signed-in learner's cards with their FSRS state (the fold of
 * their events, src/contract/review.ts) and a batch of reviews, stored once each. A learner
 * reads and writes only their own cards.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseQuizData, type QuizData } from '../../src/contract/quiz';
import {
  foldCard,
  isRetired,
  orderedEvents,
  reviewBatchResultSchema,
  reviewBatchSchema,
  reviewCardsPageSchema,
  reviewCardsQuerySchema,
  type ReviewCard,
} from '../../src/contract/review';
import { fieldErrors } from '../lib/errors';
import { paginated } from '../lib/pagination';
import { CLOCK_SKEW_MS } from '../services/record-attempt';
import { userOf } from '../plugins/auth';
import { errors, json } from './schemas';

export const REVIEW_CARDS_PAGE_SIZE = 100;
/** Refusal messages listed at most. */
const MAX_MESSAGES = 10;

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.route({
    method: 'GET',
    url: '/review/cards/',
    schema: {
      summary:
        'The signed-in learner’s review cards (questions they missed), each with its reviews, its FSRS schedule and whether a newer quiz version retired it',
      tags: ['review'],
      querystring: reviewCardsQuerySchema,
      response: { 200: json('Cards ordered by quiz and question, 100 a page', reviewCardsPageSchema), 400: errors[400], 401: errors[401], 404: errors[404] },
    },
    handler: async (request) => {
      const userId = userOf(request).user_id;
      const { book, page: number } = request.query;
      const page = { page: number, size: REVIEW_CARDS_PAGE_SIZE, offset: (number - 1) * REVIEW_CARDS_PAGE_SIZE };
      const { count, cards } = await repos.review.cardsPage(userId, book, page);
      const quizIds = [...new Set(cards.map((c) => c.quiz_id))];
      const [versions, events] = await Promise.all([
        repos.review.quizVersions(quizIds.map((quizId) => ({ quiz_id: quizId, version: cards.find((c) => c.quiz_id === quizId)!.current_version }))),
        repos.review.eventsOf(userId, quizIds),
      ]);
      const current = new Map<number, QuizData | null>(
        quizIds.map((quizId) => {
          const text = versions.get(`${quizId}:${cards.find((c) => c.quiz_id === quizId)!.current_version}`);
          return [quizId, text === undefined ? null : parseQuizData(text)];
        }),
      );
      const eventsByCard = new Map<string, ReviewCard['events']>();
      for (const e of events) {
        const key = `${e.quiz_id}:${e.question_id}`;
        const list = eventsByCard.get(key) ?? [];
        list.push({ client_event_id: e.client_event_id, rating: e.rating, reviewed_at: e.reviewed_at });
        eventsByCard.set(key, list);
      }
      const results = cards.map((card): ReviewCard => {
        const cardEvents = orderedEvents(eventsByCard.get(`${card.quiz_id}:${card.question_id}`) ?? []);
        return {
          quiz: card.quiz_id,
          question: card.question_id,
          book: card.book_id,
          book_title: card.book_title,
          created_at: card.created_at,
          missed_version: card.missed_version,
          fingerprint: card.fingerprint,
          retired: isRetired(card.question_id, card.fingerprint, current.get(card.quiz_id) ?? null),
          events: cardEvents,
          state: foldCard(card.created_at, cardEvents),
        };
      });
      return paginated(request, page, count, results);
    },
  });

  app.route({
    method: 'POST',
    url: '/review/events/',
    schema: {
      summary:
        'Record reviews (a batch from the device), each once by its client_event_id: a replay answers the same; a batch with an event the learner may not record is refused whole',
      tags: ['review'],
      body: reviewBatchSchema,
      response: { 200: json('The batch’s event ids, stored now or before', reviewBatchResultSchema), 400: errors[400], 401: errors[401] },
    },
    handler: async (request) => {
      const userId = userOf(request).user_id;
      const receivedAt = Date.now();
      // One event per id: the first of the batch wins.
      const seen = new Set<string>();
      const events = request.body.events.filter((e) => !seen.has(e.client_event_id) && Boolean(seen.add(e.client_event_id)));
      const stored = await repos.review.storedEventIds(
        userId,
        events.map((e) => e.client_event_id),
      );
      // A replayed event is accepted as it was; only new ones are judged.
      const fresh = events.filter((e) => !stored.has(e.client_event_id));
      const cards = await repos.review.cardKeys(userId, [...new Set(fresh.map((e) => e.quiz))]);
      const problems: string[] = [];
      for (const e of fresh) {
        const ahead = Date.parse(e.reviewed_at) - receivedAt;
        if (ahead > CLOCK_SKEW_MS)
          problems.push(
            `The review ${e.client_event_id} is dated ${Math.ceil(ahead / 60_000)} minutes after the server's time; at most ${CLOCK_SKEW_MS / 60_000} minutes of clock skew are accepted. Check the device's clock.`,
          );
        if (!cards.has(`${e.quiz}:${e.question}`)) problems.push(`You have no review card for question ${e.question} of quiz ${e.quiz}.`);
      }
      if (problems.length) throw fieldErrors({ events: problems.slice(0, MAX_MESSAGES) });
      const received = new Date(receivedAt).toISOString();
      await repos.review.recordEvents(
        fresh.map((e) => ({
          user_id: userId,
          client_event_id: e.client_event_id,
          quiz_id: e.quiz,
          question_id: e.question,
          rating: e.rating,
          reviewed_at: new Date(Date.parse(e.reviewed_at)).toISOString(),
          received_at: received,
        })),
      );
      return { accepted: events.map((e) => e.client_event_id) };
    },
  });
};
