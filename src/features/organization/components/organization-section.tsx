import Alert from '@mui/material/Alert';
import type { SessionUser } from '../../../lib/session';
import { isOrganizationAdmin } from '../../../contract/permissions';
import { OrganizationMembersCard } from './organization-members-card';

export const ORGANIZATION_NOTICES = {
  member: 'You are a member of an organization but do not have admin rights to manage users.',
  none: 'You are not currently associated with any organization.',
} as const;

/** The dashboard's organization part (SPEC §2, §6): the members card for admins, else a notice. */
export function OrganizationSection({ user }: { user: SessionUser }) {
  if (isOrganizationAdmin(user)) return <OrganizationMembersCard organizationId={user.organization_id!} currentUser={user} />;
  return (
    <Alert severity="info" variant="outlined">
      {user.organization_id != null ? ORGANIZATION_NOTICES.member : ORGANIZATION_NOTICES.none}
    </Alert>
  );
}
