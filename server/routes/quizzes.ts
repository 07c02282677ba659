import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gradeAttempt, quizDataSchema, userAnswerSchema, type QuizData } from '../../src/contract/quiz';
import { fieldError, fieldErrors, notFound } from '../lib/errors';
import { pageOf, paginated } from '../lib/pagination';
import { defineRoute } from '../lib/route';
import { nowIso } from '../lib/time';
import { userOf } from '../plugins/auth';
import { isUniqueViolation } from '../repositories/db-errors';
import { serializeScore } from '../repositories/scores';
import { errors, paginatedSchema } from './schemas';

/** Clocks on phones drift: a completion time up to this far ahead of the server is accepted. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const scoreSchema = z
  .strictObject({
    total_questions: z.number().int().min(1).max(1000),
    correct_answers: z.number().int().min(0).max(1000),
    client_attempt_id: z.uuid().optional(),
    quiz_version: z.number().int().min(1).optional(),
    answers: z.array(userAnswerSchema).max(1000).optional(),
    completed_at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((s) => s.correct_answers <= s.total_questions, {
    path: ['correct_answers'],
    message: 'Ensure correct_answers is not greater than total_questions.',
  });

const scoreRecordSchema = z.object({
  id: z.number().int(),
  quiz: z.number().int().nullable(),
  quiz_title: z.string(),
  quiz_version: z.number().int().nullable(),
  correct_answers: z.number().int(),
  total_questions: z.number().int(),
  score_percentage: z.number(),
  submitted_at: z.string(),
  received_at: z.string(),
  client_attempt_id: z.string().nullable(),
});

export async function quizRoutes(app: FastifyInstance) {
  const { repos } = app;

  defineRoute(app, {
    method: 'POST',
    url: '/books/quizzes/:quizId/scores/',
    summary: 'Record a finished attempt; the same client_attempt_id never records twice',
    tag: 'quizzes',
    body: scoreSchema,
    responses: {
      201: { description: 'Recorded', schema: scoreRecordSchema },
      200: { description: 'This attempt was already recorded: the stored record', schema: scoreRecordSchema },
      400: errors[400],
      401: errors[401],
      404: errors[404],
    },
    handler: async (request, reply, body, { quizId }) => {
      const user = userOf(request);
      const quiz = await repos.quizzes.findById(quizId!);
      if (!quiz) throw notFound('Quiz not found.');

      if (body.client_attempt_id) {
        const stored = await repos.scores.findAttempt(user.user_id, body.client_attempt_id);
        if (stored) return reply.code(200).send(serializeScore(stored));
      }

      const version = body.quiz_version ?? quiz.version;
      let total = body.total_questions;
      let correct = body.correct_answers;
      if (body.answers) {
        const data = version === quiz.version ? quiz.quiz_data : (await repos.quizzes.findVersion(quiz.id, version))?.quiz_data;
        if (!data) throw fieldError('quiz_version', 'This quiz has no such version.');
        const graded = gradeAttempt(quizDataSchema.parse(JSON.parse(data)) as QuizData, body.answers);
        if (graded.unknownIds.length) throw fieldError('answers', `Unknown question ids: ${graded.unknownIds.join(', ')}.`);
        // The server's own grading is what counts.
        total = graded.total;
        correct = graded.correct;
      } else if (body.quiz_version !== undefined && !(await repos.quizzes.findVersion(quiz.id, version))) {
        throw fieldError('quiz_version', 'This quiz has no such version.');
      }

      const receivedAt = nowIso();
      let submittedAt = receivedAt;
      if (body.completed_at) {
        const completed = new Date(body.completed_at);
        if (completed.getTime() > Date.now() + CLOCK_SKEW_MS) throw fieldErrors({ completed_at: ['The completion time is in the future.'] });
        submittedAt = completed.toISOString();
      }

      try {
        const score = await repos.scores.create({
          user_id: user.user_id,
          quiz_id: quiz.id,
          quiz_title: quiz.title,
          quiz_version: version,
          correct_answers: correct,
          total_questions: total,
          client_attempt_id: body.client_attempt_id ?? null,
          answers: body.answers ? JSON.stringify(body.answers) : null,
          submitted_at: submittedAt,
          received_at: receivedAt,
        });
        reply.code(201);
        return serializeScore(score);
      } catch (error) {
        // Two replays of one attempt racing: the loser answers with the winner's record.
        if (body.client_attempt_id && isUniqueViolation(error)) {
          const stored = await repos.scores.findAttempt(user.user_id, body.client_attempt_id);
          if (stored) return reply.code(200).send(serializeScore(stored));
        }
        throw error;
      }
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/books/my-scores/',
    summary: "The signed-in user's quiz results, newest first",
    tag: 'quizzes',
    responses: { 200: { description: 'Scores', schema: paginatedSchema(scoreRecordSchema) }, 401: errors[401] },
    handler: async (request) => {
      const user = userOf(request);
      const page = pageOf(request);
      const { count, rows } = await repos.scores.listForUser(user.user_id, page);
      return paginated(request, page, count, rows.map(serializeScore));
    },
  });
}
