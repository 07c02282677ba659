/**
 * The endotrainer practice log (issue 37): the drills (read by every signed-in user, written by
 * superusers, the institute's staff), the signed-in learner's own repetitions (a batch stored
 * once per client id, services/practice-log.ts; an unverified one may be deleted), and an
 * organization admin's verification of a member's repetition, which makes it immutable.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  drillPageSchema,
  drillSchema,
  drillWriteSchema,
  repetitionBatchResultSchema,
  repetitionBatchSchema,
  repetitionPageSchema,
  repetitionQuerySchema,
  repetitionSchema,
} from '../../src/contract/practice';
import { forbidden, notFound } from '../lib/errors';
import { paginated } from '../lib/pagination';
import { pathId } from '../lib/route';
import { userOf } from '../plugins/auth';
import { managedOrganization } from '../services/managed-organization';
import { recordRepetitions } from '../services/practice-log';
import { empty, errors, json } from './schemas';

/** A verify call carries nothing: no body, or an empty object. */
const verifyBodySchema = z.strictObject({}).optional();

export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  // Before the body is read: a caller who may not manage drills learns that (403), not what a body lacks.
  const superusersOnly = async (request: FastifyRequest) => {
    if (!userOf(request).is_superuser) throw forbidden();
  };

  app.route({
    method: 'GET',
    url: '/practice/drills/',
    schema: {
      summary: 'Every drill of the practice log, oldest first, with its target, penalties and proficiency rule',
      tags: ['practice'],
      response: { 200: json('Every drill, on one page', drillPageSchema), 401: errors[401] },
    },
    handler: async (request) => {
      const drills = await repos.practice.listDrills();
      return paginated(request, { page: 1, size: Math.max(drills.length, 1), offset: 0 }, drills.length, drills);
    },
  });

  app.route({
    method: 'POST',
    url: '/practice/drills/',
    preValidation: superusersOnly,
    schema: {
      summary: 'Define a drill (superusers only): instructions as a chapter’s content, target time, penalties, proficiency rule and an optional cap',
      tags: ['practice'],
      body: drillWriteSchema,
      response: { 201: json('The drill', drillSchema), 400: errors[400], 401: errors[401], 403: errors[403] },
    },
    handler: async (request, reply) => {
      const body = request.body;
      return reply.code(201).send(await repos.practice.createDrill({ ...body, instructions: body.instructions ?? null }));
    },
  });

  app.route({
    method: 'GET',
    url: '/practice/drills/:drillId/',
    schema: {
      summary: 'One drill',
      tags: ['practice'],
      params: z.object({ drillId: pathId }),
      response: { 200: json('The drill', drillSchema), 401: errors[401], 404: errors[404] },
    },
    handler: async (request) => {
      const drill = await repos.practice.findDrill(request.params.drillId);
      if (!drill) throw notFound();
      return drill;
    },
  });

  app.route({
    method: 'PUT',
    url: '/practice/drills/:drillId/',
    preValidation: superusersOnly,
    schema: {
      summary: 'Replace a drill (superusers only); repetitions already stored keep the score and target they were judged with',
      tags: ['practice'],
      params: z.object({ drillId: pathId }),
      body: drillWriteSchema,
      response: { 200: json('The drill', drillSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const body = request.body;
      const drill = await repos.practice.updateDrill(request.params.drillId, { ...body, instructions: body.instructions ?? null });
      if (!drill) throw notFound();
      return drill;
    },
  });

  app.route({
    method: 'DELETE',
    url: '/practice/drills/:drillId/',
    preValidation: superusersOnly,
    schema: {
      summary: 'Delete a drill and every repetition of it (superusers only)',
      tags: ['practice'],
      params: z.object({ drillId: pathId }),
      response: { 204: empty('Deleted'), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      if (!(await repos.practice.deleteDrill(request.params.drillId))) throw notFound();
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'GET',
    url: '/practice/my-repetitions/',
    schema: {
      summary: 'The signed-in user’s repetitions, newest first, optionally of one drill',
      tags: ['practice'],
      querystring: repetitionQuerySchema,
      response: { 200: json('A page of repetitions', repetitionPageSchema), 400: errors[400], 401: errors[401], 404: errors[404] },
    },
    handler: async (request) => {
      const { drill, page: number, page_size: size } = request.query;
      const page = { page: number, size, offset: (number - 1) * size };
      const { count, rows } = await repos.practice.repetitionsPage(userOf(request).user_id, drill, page);
      return paginated(request, page, count, rows);
    },
  });

  app.route({
    method: 'POST',
    url: '/practice/my-repetitions/',
    schema: {
      summary:
        'Record timed repetitions (a batch from the device), each once by its client_id: a replay answers the first record; a batch with a repetition the learner may not record is refused whole',
      tags: ['practice'],
      body: repetitionBatchSchema,
      response: {
        200: json('Every repetition of the batch as stored, and the client ids of those for drills that no longer exist', repetitionBatchResultSchema),
        400: errors[400],
        401: errors[401],
      },
    },
    handler: async (request) => recordRepetitions(repos, userOf(request).user_id, request.body),
  });

  app.route({
    method: 'DELETE',
    url: '/practice/my-repetitions/:repetitionId/',
    schema: {
      summary: 'Delete one of the signed-in user’s repetitions; a verified one cannot be deleted',
      tags: ['practice'],
      params: z.object({ repetitionId: pathId }),
      response: { 204: empty('Deleted'), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const outcome = await repos.practice.deleteOwnRepetition(userOf(request).user_id, request.params.repetitionId);
      if (outcome === 'missing') throw notFound();
      if (outcome === 'verified') throw forbidden('A verified repetition cannot be changed or deleted.');
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/organizations/:orgId/members/:membershipId/repetitions/:repetitionId/verify/',
    schema: {
      summary:
        'Mark a member’s repetition as verified (watched) by the signed-in admin or owner of the organization; never one’s own; a second call keeps the first verification',
      tags: ['practice'],
      params: z.object({ orgId: pathId, membershipId: pathId, repetitionId: pathId }),
      body: verifyBodySchema,
      response: { 200: json('The repetition, verified', repetitionSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const { orgId, membershipId, repetitionId } = request.params;
      const user = userOf(request);
      await managedOrganization(repos, user, orgId);
      const membership = await repos.organizations.findMembership(membershipId);
      if (!membership || membership.organization_id !== orgId) throw notFound();
      const repetition = await repos.practice.findRepetition(repetitionId);
      if (!repetition || repetition.user_id !== membership.user_id) throw notFound();
      if (repetition.user_id === user.user_id) throw forbidden('You cannot verify your own repetition.');
      await repos.practice.verify(repetitionId, user.user_id);
      // Gone meanwhile (its drill deleted): nothing to answer with.
      const verified = await repos.practice.findRepetition(repetitionId);
      if (!verified) throw notFound();
      const { user_id: _owner, ...answer } = verified;
      return answer;
    },
  });
};
