import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema, pageSchema } from '../../src/contract/fields';
import { canEditBook } from '../../src/contract/permissions';
import { quizStatisticsSchema } from '../../src/contract/progress';
import { scoreRecordSchema, scoreSubmissionSchema } from '../../src/contract/scores';
import { pageOf, paginated } from '../lib/pagination';
import { pathId } from '../lib/route';
import { userOf } from '../plugins/auth';
import { forbidden, notFound } from '../lib/errors';
import { quizStatistics } from '../services/quiz-statistics';
import { recordAttempt } from '../services/record-attempt';
import { errors, json } from './schemas';

/**
 * The largest score post: a real attempt is a few kilobytes (its answers are bounded by the
 * quiz's own options, src/contract/quiz.ts answerOutOfBounds); this leaves room for a quiz of
 * 200 long questions.
 */
export const SCORE_BODY_LIMIT = 512 * 1024;

export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.route({
    method: 'POST',
    url: '/books/quizzes/:quizId/scores/',
    bodyLimit: SCORE_BODY_LIMIT,
    // Counted before the body is checked: a refused post counts too (after auth's own hook).
    preValidation: async (request) => app.scoreLimiter.take(userOf(request).user_id),
    schema: {
      summary: 'Record a finished attempt, graded by the server; the same client_attempt_id never records twice',
      tags: ['quizzes'],
      params: z.object({ quizId: pathId }),
      body: scoreSubmissionSchema,
      response: {
        201: json('Recorded', scoreRecordSchema),
        200: json('This attempt was already recorded: the stored record', scoreRecordSchema),
        400: errors[400],
        401: errors[401],
        404: errors[404],
        409: json('This client_attempt_id belongs to an attempt at another quiz', detailSchema),
        413: json('The body is larger than any attempt', detailSchema),
        429: json('Too many score posts by this user: try again after Retry-After seconds', detailSchema),
      },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const { quizId } = request.params;
      const user = userOf(request);
      const { record, created } = await recordAttempt(repos, { userId: user.user_id, quizId, submission: body, contentVersion: request.contentVersion });
      reply.code(created ? 201 : 200);
      return record;
    },
  });

  app.route({
    method: 'GET',
    url: '/books/my-scores/',
    schema: {
      summary: "The signed-in user's quiz results, newest first",
      tags: ['quizzes'],
      response: { 200: json('Scores', pageSchema(scoreRecordSchema)), 401: errors[401] },
    },
    handler: async (request) => {
      const user = userOf(request);
      const page = pageOf(request);
      const { count, rows } = await repos.scores.listForUser(user.user_id, page);
      return paginated(request, page, count, rows);
    },
  });

  app.route({
    method: 'GET',
    url: '/books/books/:bookId/quiz/statistics/',
    schema: {
      summary: "Question statistics of the book's quiz, per version with attempts, newest first (book owner or superuser)",
      tags: ['quizzes'],
      params: z.object({ bookId: pathId }),
      response: { 200: json('Statistics', quizStatisticsSchema), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const { bookId } = request.params;
      const book = await repos.books.findById(bookId);
      if (!book) throw notFound('Book not found.');
      if (!canEditBook(userOf(request), book)) throw forbidden('Only the book’s owner or a superuser may see its quiz statistics.');
      const quiz = await repos.quizzes.findByBook(bookId);
      if (!quiz) throw notFound('This book has no quiz.');
      return quizStatistics(repos, quiz.id, request.log);
    },
  });
};
