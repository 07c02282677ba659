/**
 * The organization a request manages: its admins and owner manage their own organization, and
 * superusers (institute staff) any — members, invitations, assignments and progress alike.
 */
import { canManageMembers } from '../../src/contract/permissions';
import { forbidden, notFound } from '../lib/errors';
import type { Repositories } from '../repositories';

/** The organization, or 403 for someone who may not manage it and 404 when it does not exist. */
export async function managedOrganization(repos: Repositories, user: Parameters<typeof canManageMembers>[0], organizationId: number) {
  if (!canManageMembers(user, organizationId)) throw forbidden();
  const organization = await repos.organizations.findById(organizationId);
  if (!organization) throw notFound();
  return organization;
}
