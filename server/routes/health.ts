import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { json } from './schemas';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness: 200 when the database answers, 503 otherwise',
        tags: ['health'],
        response: {
          200: json('Up', z.object({ status: z.literal('ok') })),
          503: json('Database unreachable', z.object({ status: z.literal('unavailable'), detail: z.string() })),
        },
      },
    },
    async (_request, reply) => {
      if (await app.repos.health.isDatabaseUp()) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable', detail: 'The database does not answer.' });
    },
  );

  app.get('/schema/', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
};
