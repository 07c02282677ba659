import type { FastifyInstance } from 'fastify';
import { pageSchema } from '../../src/contract/fields';
import { scoreRecordSchema, scoreSubmissionSchema } from '../../src/contract/scores';
import { pageOf, paginated } from '../lib/pagination';
import { defineRoute } from '../lib/route';
import { userOf } from '../plugins/auth';
import { recordAttempt } from '../services/record-attempt';
import { errors } from './schemas';

export async function quizRoutes(app: FastifyInstance) {
  const { repos } = app;

  defineRoute(app, {
    method: 'POST',
    url: '/books/quizzes/:quizId/scores/',
    summary: 'Record a finished attempt, graded by the server; the same client_attempt_id never records twice',
    tag: 'quizzes',
    body: scoreSubmissionSchema,
    responses: {
      201: { description: 'Recorded', schema: scoreRecordSchema },
      200: { description: 'This attempt was already recorded: the stored record', schema: scoreRecordSchema },
      400: errors[400],
      401: errors[401],
      404: errors[404],
      409: { description: 'This client_attempt_id belongs to an attempt at another quiz', schema: errors[409].schema },
    },
    handler: async (request, reply, body, { quizId }) => {
      const user = userOf(request);
      const { record, created } = await recordAttempt(repos, { userId: user.user_id, quizId, submission: body, contentVersion: request.contentVersion });
      reply.code(created ? 201 : 200);
      return record;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/books/my-scores/',
    summary: "The signed-in user's quiz results, newest first",
    tag: 'quizzes',
    responses: { 200: { description: 'Scores', schema: pageSchema(scoreRecordSchema) }, 401: errors[401] },
    handler: async (request) => {
      const user = userOf(request);
      const page = pageOf(request);
      const { count, rows } = await repos.scores.listForUser(user.user_id, page);
      return paginated(request, page, count, rows);
    },
  });
}
