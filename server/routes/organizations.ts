import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, fieldError, forbidden, notFound } from '../lib/errors';
import { pageOf, paginated } from '../lib/pagination';
import { defineRoute } from '../lib/route';
import { isOrganizationAdmin, userOf, type CurrentUser } from '../plugins/auth';
import { isUniqueViolation } from '../repositories/db-errors';
import { errors, paginatedSchema } from './schemas';

const memberSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  role_in_organization: z.enum(['owner', 'admin', 'member']),
  organization_membership_id: z.number().int(),
});

const addMemberSchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  role: z.enum(['member', 'admin']),
});

export async function organizationRoutes(app: FastifyInstance) {
  const { repos } = app;

  /** Admins and the owner manage their own organization; superusers (institute staff) any. */
  async function managedOrganization(user: CurrentUser, organizationId: number) {
    if (!user.is_superuser && !isOrganizationAdmin(user, organizationId)) throw forbidden();
    const organization = await repos.organizations.findById(organizationId);
    if (!organization) throw notFound();
    return organization;
  }

  defineRoute(app, {
    method: 'GET',
    url: '/accounts/organizations/:orgId/users/',
    summary: "The organization's members (admins and owner only)",
    tag: 'organizations',
    responses: { 200: { description: 'Members', schema: paginatedSchema(memberSchema) }, 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, _reply, _body, { orgId }) => {
      await managedOrganization(userOf(request), orgId!);
      const page = pageOf(request);
      const { count, rows } = await repos.organizations.listMembers(orgId!, page);
      return paginated(request, page, count, rows);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/accounts/organizations/:orgId/add-member/',
    summary: 'Add an existing account with no organization as member or admin',
    tag: 'organizations',
    body: addMemberSchema,
    responses: {
      201: {
        description: 'The new membership',
        schema: z.object({ id: z.number().int(), user: z.object({ id: z.number().int(), email: z.string(), full_name: z.string() }), role: z.enum(['member', 'admin']) }),
      },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
    handler: async (request, reply, body, { orgId }) => {
      await managedOrganization(userOf(request), orgId!);
      const user = await repos.users.findByEmail(body.email);
      if (!user) throw fieldError('email', 'No account uses this email address. Ask the person to register first.');
      const existing = await repos.organizations.findMembershipOfUser(user.id);
      if (existing?.organization_id === orgId) throw fieldError('email', 'This user is already a member of this organization.');
      if (existing) throw fieldError('email', 'This user already belongs to another organization.');
      try {
        const membership = await repos.organizations.addMember(orgId!, user.id, body.role);
        reply.code(201);
        return { id: membership.id, user: { id: user.id, email: user.email, full_name: user.full_name }, role: membership.role };
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', 'This user already belongs to an organization.');
        throw error;
      }
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/accounts/organizations/:orgId/members/:membershipId/',
    summary: 'Remove a member (never yourself, never the owner)',
    tag: 'organizations',
    responses: { 204: { description: 'Removed' }, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, reply, _body, { orgId, membershipId }) => {
      const user = userOf(request);
      await managedOrganization(user, orgId!);
      const membership = await repos.organizations.findMembership(membershipId!);
      if (!membership || membership.organization_id !== orgId) throw notFound();
      if (membership.user_id === user.user_id) throw badRequest('You cannot remove yourself from the organization.');
      if (membership.role === 'owner') throw badRequest("The organization's owner cannot be removed.");
      await repos.organizations.removeMembership(membership.id);
      return reply.code(204).send();
    },
  });
}
