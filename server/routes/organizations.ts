import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema } from '../../src/contract/fields';
import { addedMemberSchema, addMemberSchema, organizationMemberSchema } from '../../src/contract/organizations';
import { canAddMemberAs, canManageMembers, canRemoveMember } from '../../src/contract/permissions';
import { badRequest, fieldError, forbidden, notFound } from '../lib/errors';
import { pageOf, paginated } from '../lib/pagination';
import { pathId } from '../lib/route';
import { userOf, type CurrentUser } from '../plugins/auth';
import { isUniqueViolation } from '../repositories/db-errors';
import { empty, errors, json } from './schemas';

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  /** Admins and the owner manage their own organization; superusers (institute staff) any. */
  async function managedOrganization(user: CurrentUser, organizationId: number) {
    if (!canManageMembers(user, organizationId)) throw forbidden();
    const organization = await repos.organizations.findById(organizationId);
    if (!organization) throw notFound();
    return organization;
  }

  app.route({
    method: 'GET',
    url: '/accounts/organizations/:orgId/users/',
    schema: {
      summary: "The organization's members (admins and owner only)",
      tags: ['organizations'],
      params: z.object({ orgId: pathId }),
      response: { 200: json('Members', pageSchema(organizationMemberSchema)), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const { orgId } = request.params;
      await managedOrganization(userOf(request), orgId);
      const page = pageOf(request);
      const { count, rows } = await repos.organizations.listMembers(orgId, page);
      return paginated(request, page, count, rows);
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/organizations/:orgId/add-member/',
    schema: {
      summary: 'Add an existing account with no organization as member, or as admin (the owner only)',
      tags: ['organizations'],
      params: z.object({ orgId: pathId }),
      body: addMemberSchema,
      response: { 201: json('The new membership', addedMemberSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const { orgId } = request.params;
      const actor = userOf(request);
      await managedOrganization(actor, orgId);
      if (!canAddMemberAs(actor, orgId, body.role)) throw forbidden("Only the organization's owner may make someone an admin.");
      const user = await repos.users.findByEmail(body.email);
      if (!user) throw fieldError('email', 'No account uses this email address. Ask the person to register first.');
      const existing = await repos.organizations.findMembershipOfUser(user.id);
      if (existing?.organization_id === orgId) throw fieldError('email', 'This user is already a member of this organization.');
      if (existing) throw fieldError('email', 'This user already belongs to another organization.');
      try {
        const membership = await repos.organizations.addMember(orgId, user.id, body.role);
        reply.code(201);
        return { id: membership.id, user: { id: user.id, email: user.email, full_name: user.full_name }, role: body.role };
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', 'This user already belongs to an organization.');
        throw error;
      }
    },
  });

  app.route({
    method: 'DELETE',
    url: '/accounts/organizations/:orgId/members/:membershipId/',
    schema: {
      summary: 'Remove a member (never yourself, never the owner; an admin only by the owner)',
      tags: ['organizations'],
      params: z.object({ orgId: pathId, membershipId: pathId }),
      response: { 204: empty('Removed'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { orgId, membershipId } = request.params;
      const user = userOf(request);
      await managedOrganization(user, orgId);
      const membership = await repos.organizations.findMembership(membershipId);
      if (!membership || membership.organization_id !== orgId) throw notFound();
      if (membership.user_id === user.user_id) throw badRequest('You cannot remove yourself from the organization.');
      if (membership.role === 'owner') throw badRequest("The organization's owner cannot be removed.");
      if (!canRemoveMember(user, { id: membership.user_id, role_in_organization: membership.role }, orgId))
        throw forbidden("Only the organization's owner may remove an admin.");
      await repos.organizations.removeMembership(membership.id);
      return reply.code(204).send();
    },
  });
};
