import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentSchema, assignmentUpdateSchema, assignmentWriteSchema, type Assignment } from '../../src/contract/progress';
import { fieldError, notFound } from '../lib/errors';
import { pathId } from '../lib/route';
import { managedOrganization } from '../services/managed-organization';
import { userOf } from '../plugins/auth';
import type { Repositories } from '../repositories';
import type { AssignmentRow } from '../repositories/assignments';
import { empty, errors, json } from './schemas';

const NOT_MEMBERS = 'These users are not members of this organization.';

async function toAssignment(repos: Repositories, rows: AssignmentRow[]): Promise<Assignment[]> {
  if (!rows.length) return [];
  const named = await repos.assignments.namedMembers(
    rows[0]!.organization_id,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    organization: r.organization_id,
    book: r.book_id,
    book_title: r.book_title,
    to_all: r.to_all === 1,
    members: r.to_all === 1 ? [] : (named.get(r.id) ?? []),
    due_date: r.due_date,
    note: r.note,
    pass_mark: r.pass_mark,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  /** The assignment of this organization (another organization's id: 404). */
  async function assignmentOf(organizationId: number, id: number) {
    const row = await repos.assignments.find(organizationId, id);
    if (!row) throw notFound();
    return row;
  }

  async function checkMembers(organizationId: number, members: number[]) {
    const outsiders = await repos.assignments.notMembers(organizationId, members);
    if (outsiders.length) throw fieldError('members', `${NOT_MEMBERS} (${outsiders.slice(0, 20).join(', ')})`);
  }

  const params = z.object({ orgId: pathId });
  const itemParams = z.object({ orgId: pathId, assignmentId: pathId });

  app.route({
    method: 'GET',
    url: '/accounts/organizations/:orgId/assignments/',
    schema: {
      summary: "The organization's assignments, oldest first (admins and owner only)",
      tags: ['progress'],
      params,
      response: { 200: json('Assignments', z.array(assignmentSchema)), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const { orgId } = request.params;
      await managedOrganization(repos, userOf(request), orgId);
      return toAssignment(repos, await repos.assignments.list(orgId));
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/organizations/:orgId/assignments/',
    schema: {
      summary: 'Assign a book to some members or to all of them, now and later (admins and owner only)',
      tags: ['progress'],
      params,
      body: assignmentWriteSchema,
      response: { 201: json('The assignment', assignmentSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { orgId } = request.params;
      const { body } = request;
      const actor = userOf(request);
      await managedOrganization(repos, actor, orgId);
      if (!(await repos.books.findById(body.book))) throw fieldError('book', 'No book has this id.');
      await checkMembers(orgId, body.members);
      const id = await repos.assignments.create(
        orgId,
        body.book,
        { to_all: body.to_all, members: body.members, due_date: body.due_date ?? null, note: body.note, pass_mark: body.pass_mark },
        actor.user_id,
      );
      reply.code(201);
      return (await toAssignment(repos, [await assignmentOf(orgId, id)]))[0]!;
    },
  });

  app.route({
    method: 'GET',
    url: '/accounts/organizations/:orgId/assignments/:assignmentId/',
    schema: {
      summary: 'One assignment (admins and owner only)',
      tags: ['progress'],
      params: itemParams,
      response: { 200: json('The assignment', assignmentSchema), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const { orgId, assignmentId } = request.params;
      await managedOrganization(repos, userOf(request), orgId);
      return (await toAssignment(repos, [await assignmentOf(orgId, assignmentId)]))[0]!;
    },
  });

  app.route({
    method: 'PATCH',
    url: '/accounts/organizations/:orgId/assignments/:assignmentId/',
    schema: {
      summary: 'Change who an assignment is for, its due date, note or pass mark (admins and owner only; the book stays)',
      tags: ['progress'],
      params: itemParams,
      body: assignmentUpdateSchema,
      response: { 200: json('The assignment', assignmentSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const { orgId, assignmentId } = request.params;
      const { body } = request;
      await managedOrganization(repos, userOf(request), orgId);
      const row = await assignmentOf(orgId, assignmentId);
      const toAll = body.to_all ?? row.to_all === 1;
      const members = body.members ?? (toAll ? [] : ((await repos.assignments.namedMembers(orgId, [row.id])).get(row.id) ?? []).map((m) => m.id));
      if (toAll && body.members?.length) throw fieldError('members', 'Leave members empty when assigning to all members.');
      if (!toAll && !members.length) throw fieldError('members', 'Choose at least one member, or assign to all members.');
      await checkMembers(orgId, toAll ? [] : members);
      await repos.assignments.update(row.id, {
        to_all: toAll,
        members: toAll ? [] : members,
        due_date: body.due_date === undefined ? row.due_date : body.due_date,
        note: body.note === undefined ? row.note : body.note.trim(),
        pass_mark: body.pass_mark ?? row.pass_mark,
      });
      return (await toAssignment(repos, [await assignmentOf(orgId, row.id)]))[0]!;
    },
  });

  app.route({
    method: 'DELETE',
    url: '/accounts/organizations/:orgId/assignments/:assignmentId/',
    schema: {
      summary: 'Withdraw an assignment (admins and owner only)',
      tags: ['progress'],
      params: itemParams,
      response: { 204: empty('Withdrawn'), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { orgId, assignmentId } = request.params;
      await managedOrganization(repos, userOf(request), orgId);
      const row = await assignmentOf(orgId, assignmentId);
      await repos.assignments.delete(row.id);
      return reply.code(204).send();
    },
  });
};
