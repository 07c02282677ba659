import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
      if (await app.repos.health.isDatabaseUp()) return { status: 'ok' };
      return reply.code(503).send({ status: 'unavailable', detail: 'The database does not answer.' });
    },
  });

  app.get('/schema/', { config: { access: 'public' } }, async () => app.openapi.document());
}
