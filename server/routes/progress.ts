import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookProgressSchema,
  memberProgressSchema,
  myAssignmentSchema,
  PROGRESS_PAGE_SIZE,
  progressPageSchema,
  progressQuerySchema,
  readingBatchResultSchema,
  readingBatchSchema,
  todayUtc,
} from '../../src/contract/progress';
import { notFound } from '../lib/errors';
import { paginated } from '../lib/pagination';
import { pathId } from '../lib/route';
import { managedOrganization } from '../services/managed-organization';
import { userOf } from '../plugins/auth';
import { memberProgress, myAssignments, myProgress, ProgressView } from '../services/progress-view';
import { errors, json } from './schemas';

/** A read time as stored: UTC ISO 8601, and never later than its receipt (a phone's clock running ahead). */
function readTime(readAt: string, receivedAt: number): string {
  const time = Date.parse(readAt);
  return new Date(Number.isNaN(time) || time > receivedAt ? receivedAt : time).toISOString();
}

export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.route({
    method: 'POST',
    url: '/books/reading/',
    schema: {
      summary: 'Record chapters read (a batch of events from the device): the first read of each chapter is kept; a replay changes nothing',
      tags: ['progress'],
      body: readingBatchSchema,
      response: { 200: json('The events taken, and those for chapters that no longer exist', readingBatchResultSchema), 400: errors[400], 401: errors[401] },
    },
    handler: async (request) => {
      const now = Date.now();
      const events = request.body.events.map((e) => ({ client_event_id: e.client_event_id, chapter: e.chapter, read_at: readTime(e.read_at, now) }));
      const found = await repos.progress.recordReads(userOf(request).user_id, events);
      return {
        accepted: events.filter((e) => found.has(e.chapter)).map((e) => e.client_event_id),
        ignored: events.filter((e) => !found.has(e.chapter)).map((e) => e.client_event_id),
      };
    },
  });

  app.route({
    method: 'GET',
    url: '/books/my-progress/',
    schema: {
      summary: 'The signed-in user’s progress in the books they began: chapters read, attempts and best score',
      tags: ['progress'],
      response: { 200: json('One entry per book begun', z.array(bookProgressSchema)), 401: errors[401] },
    },
    handler: async (request) => myProgress(repos, userOf(request).user_id),
  });

  app.route({
    method: 'GET',
    url: '/books/my-assignments/',
    schema: {
      summary: 'The books assigned to the signed-in user by their organization, with their progress and status',
      tags: ['progress'],
      response: { 200: json('The assignments that apply to the user', z.array(myAssignmentSchema)), 401: errors[401] },
    },
    handler: async (request) => myAssignments(repos, userOf(request).user_id),
  });

  app.route({
    method: 'GET',
    url: '/accounts/organizations/:orgId/progress/',
    schema: {
      summary:
        'The progress of every member in the assigned books and the drills, 50 members a page (admins and owner only); ?format=csv streams every member as CSV, ?format=practice_csv every repetition',
      tags: ['progress'],
      params: z.object({ orgId: pathId }),
      querystring: progressQuerySchema,
      response: {
        200: {
          description:
            'A page of members, or with ?format=csv the whole list, with ?format=practice_csv every repetition, as CSV (UTF-8 with a byte-order mark)',
          content: { 'application/json': { schema: progressPageSchema }, 'text/csv': { schema: z.string() } },
        },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    },
    handler: async (request, reply) => {
      const { orgId } = request.params;
      const { status, sort, page: number, format } = request.query;
      await managedOrganization(repos, userOf(request), orgId);
      const view = await ProgressView.load(repos, orgId);
      if (format === 'csv' || format === 'practice_csv') {
        // Fastify pipes a stream as it is; the type provider only knows the documented text.
        const csv = Readable.from(format === 'csv' ? view.csv(sort, status) : view.practiceCsv(sort, status)) as unknown as string;
        const name = format === 'csv' ? 'progress' : 'practice';
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-organization-${orgId}-${todayUtc()}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      }
      const page = { page: number, size: PROGRESS_PAGE_SIZE, offset: (number - 1) * PROGRESS_PAGE_SIZE };
      const { count, rows } = await view.page(sort, status, page.size, page.offset);
      return { ...paginated(request, page, count, rows), assignments: view.header(), drills: view.drillHeader() };
    },
  });

  app.route({
    method: 'GET',
    url: '/accounts/organizations/:orgId/progress/:userId/',
    schema: {
      summary: 'One member’s attempts and reading in each book assigned to them, and their repetitions of each drill (admins and owner only)',
      tags: ['progress'],
      params: z.object({ orgId: pathId, userId: pathId }),
      response: { 200: json('The member’s progress', memberProgressSchema), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const { orgId, userId } = request.params;
      await managedOrganization(repos, userOf(request), orgId);
      const detail = await memberProgress(repos, orgId, userId);
      if (!detail) throw notFound();
      return detail;
    },
  });
};
