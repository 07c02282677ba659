import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema, pageSchema } from '../../src/contract/fields';
import {
  addMemberSchema,
  ASSIGNABLE_ROLES,
  type AssignableRole,
  invitationSentSchema,
  invitationAnswerSchema,
  invitationSentText,
  myInvitationSchema,
  organizationMemberSchema,
  pendingInvitationSchema,
  transferOwnershipSchema,
} from '../../src/contract/organizations';
import { canAddMemberAs, canManageAdmins, canRemoveMember, canTransferOwnership } from '../../src/contract/permissions';
import { badRequest, fieldError, forbidden, notFound } from '../lib/errors';
import { pageOf, paginated } from '../lib/pagination';
import { pathId } from '../lib/route';
import { managedOrganization } from '../services/managed-organization';
import { userOf } from '../plugins/auth';
import { isUniqueViolation } from '../repositories/db-errors';
import { empty, errors, json } from './schemas';

const OWNER_CANNOT_LEAVE = "The organization's owner cannot leave it: first hand ownership to an admin.";
const ALREADY_IN_ORGANIZATION = 'You already belong to an organization: leave it before joining another.';

/** Invitations are only ever made with an assignable role; a row that says otherwise is a member's. */
const assignable = (role: string): AssignableRole => ((ASSIGNABLE_ROLES as readonly string[]).includes(role) ? (role as AssignableRole) : 'member');

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

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
      await managedOrganization(repos, userOf(request), orgId);
      const page = pageOf(request);
      const { count, rows } = await repos.organizations.listMembers(orgId, page);
      return paginated(request, page, count, rows);
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/organizations/:orgId/add-member/',
    schema: {
      summary:
        'Invite an address as member, or as admin (the owner only): the person accepts or declines on their dashboard. ' +
        'The answer is the same whether or not an account uses the address (rate limited per client and per address).',
      tags: ['organizations'],
      params: z.object({ orgId: pathId }),
      body: addMemberSchema,
      response: {
        201: json('The invitation (no name until the person accepts)', invitationSentSchema),
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
        429: json('Too many invitations from this client or to this address; see Retry-After', detailSchema),
      },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const { orgId } = request.params;
      const actor = userOf(request);
      await managedOrganization(repos, actor, orgId);
      if (!canAddMemberAs(actor, orgId, body.role)) throw forbidden("Only the organization's owner may make someone an admin.");
      await app.inviteLimiter.take(request.ip, body.email);
      // The admin already sees who the members are; everything else (no account, another
      // organization, a superuser) answers alike: an invitation the person may accept.
      const user = await repos.users.findByEmail(body.email);
      const existing = user ? await repos.organizations.findMembershipOfUser(user.id) : undefined;
      if (existing?.organization_id === orgId) throw fieldError('email', 'This user is already a member of this organization.');
      const invitation = await repos.organizations.invite(orgId, body.email, body.role, actor.user_id);
      reply.code(201);
      return {
        detail: invitationSentText(invitation.email),
        invitation: { id: invitation.id, email: invitation.email, role: body.role, created_at: invitation.created_at },
      };
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
      await managedOrganization(repos, user, orgId);
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

  app.route({
    method: 'GET',
    url: '/accounts/organizations/:orgId/invitations/',
    schema: {
      summary: "The organization's pending invitations: address and role (admins and owner only)",
      tags: ['organizations'],
      params: z.object({ orgId: pathId }),
      response: { 200: json('Pending invitations', pageSchema(pendingInvitationSchema)), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request) => {
      const { orgId } = request.params;
      await managedOrganization(repos, userOf(request), orgId);
      const page = pageOf(request);
      const { count, rows } = await repos.organizations.listInvitations(orgId, page);
      return paginated(
        request,
        page,
        count,
        rows.map((row) => ({ ...row, role: assignable(row.role) })),
      );
    },
  });

  app.route({
    method: 'DELETE',
    url: '/accounts/organizations/:orgId/invitations/:invitationId/',
    schema: {
      summary: 'Withdraw a pending invitation (admins and owner only)',
      tags: ['organizations'],
      params: z.object({ orgId: pathId, invitationId: pathId }),
      response: { 204: empty('Withdrawn'), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { orgId, invitationId } = request.params;
      await managedOrganization(repos, userOf(request), orgId);
      const invitation = await repos.organizations.findInvitation(invitationId);
      if (!invitation || invitation.organization_id !== orgId) throw notFound();
      await repos.organizations.deleteInvitation(invitation.id);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'DELETE',
    url: '/accounts/organizations/:orgId/membership/',
    schema: {
      summary: 'Leave your organization (its owner only after handing ownership to an admin)',
      tags: ['organizations'],
      params: z.object({ orgId: pathId }),
      response: { 204: empty('Left'), 400: errors[400], 401: errors[401], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { orgId } = request.params;
      const user = userOf(request);
      const membership = await repos.organizations.findMembershipOfUser(user.user_id);
      if (!membership || membership.organization_id !== orgId) throw notFound('You are not a member of this organization.');
      if (membership.role === 'owner') throw badRequest(OWNER_CANNOT_LEAVE);
      await repos.organizations.removeMembership(membership.id);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/organizations/:orgId/transfer-ownership/',
    schema: {
      summary: 'Hand the organization to one of its admins; the owner becomes an admin (the owner only)',
      tags: ['organizations'],
      params: z.object({ orgId: pathId }),
      body: transferOwnershipSchema,
      response: { 204: empty('The admin is now the owner'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { orgId } = request.params;
      const actor = userOf(request);
      await managedOrganization(repos, actor, orgId);
      if (!canManageAdmins(actor, orgId)) throw forbidden("Only the organization's owner may hand it over.");
      const membership = await repos.organizations.findMembership(request.body.membership_id);
      if (!membership || membership.organization_id !== orgId) throw fieldError('membership_id', 'No member of this organization has this membership.');
      if (!canTransferOwnership(actor, orgId, { role_in_organization: membership.role }))
        throw fieldError('membership_id', 'Ownership can only be handed to an admin of the organization.');
      await repos.organizations.transferOwnership(orgId, { membershipId: membership.id, userId: membership.user_id });
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'GET',
    url: '/accounts/invitations/',
    schema: {
      summary: "The signed-in user's pending invitations, with each organization's name",
      tags: ['organizations'],
      response: { 200: json('Pending invitations', z.object({ results: z.array(myInvitationSchema) })), 401: errors[401] },
    },
    handler: async (request) => {
      const rows = await repos.organizations.invitationsFor(userOf(request).email);
      return {
        results: rows.map((row) => ({
          id: row.id,
          organization: { id: row.organization_id, name: row.organization_name },
          role: assignable(row.role),
          created_at: row.created_at,
        })),
      };
    },
  });

  app.route({
    method: 'POST',
    url: '/accounts/invitations/:invitationId/answer/',
    schema: {
      summary: 'Accept (join the organization with the role it offered) or decline (the invitation is removed) an invitation of your own address',
      tags: ['organizations'],
      params: z.object({ invitationId: pathId }),
      body: invitationAnswerSchema,
      response: { 200: json('Joined, or declined', detailSchema), 400: errors[400], 401: errors[401], 404: errors[404] },
    },
    handler: async (request) => {
      const user = userOf(request);
      const invitation = await repos.organizations.findInvitation(request.params.invitationId);
      // Someone else's invitation is not theirs to see: the same 404 as none at all.
      if (!invitation || invitation.email !== user.email) throw notFound();
      if (!request.body.accept) {
        await repos.organizations.deleteInvitation(invitation.id);
        return { detail: 'Invitation declined.' };
      }
      if (user.organization_id !== null) throw badRequest(ALREADY_IN_ORGANIZATION);
      try {
        await repos.organizations.acceptInvitation(invitation, user.user_id);
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(ALREADY_IN_ORGANIZATION);
        throw error;
      }
      const organization = await repos.organizations.findById(invitation.organization_id);
      return { detail: `You joined ${organization?.name ?? 'the organization'}.` };
    },
  });
};
