import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isDatabaseUp } from '../db/database';
import { defineRoute } from '../lib/route';

export async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/health/',
    summary: 'Liveness: 200 when the database answers, 503 otherwise',
    tag: 'health',
    access: 'public',
    responses: { 200: { description: 'Up', schema: z.object({ status: z.literal('ok') }) }, 503: { description: 'Database unreachable' } },
    handler: async (_request, reply) => {
      if (await isDatabaseUp(app.db)) return { status: 'ok' };
      return reply.code(503).send({ status: 'unavailable', detail: 'The database does not answer.' });
    },
  });

  app.get('/schema/', { config: { access: 'public' } }, async () => app.openapi.document());
}
