import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { RouterButton } from '../../../components/router-link';
import type { SessionUser } from '../../../lib/session';
import { canLeaveOrganization, isOrganizationAdmin } from '../../../contract/permissions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-error';
import { leaveOrganization } from '../api/organization-members';
import { OrganizationMembersCard } from './organization-members-card';

export const ORGANIZATION_NOTICES = {
  member: 'You are a member of an organization but do not have admin rights to manage users.',
  none: 'You are not currently associated with any organization.',
  ownerCannotLeave: "As the organization's owner you can leave it once you have made one of its admins the owner ('Make owner').",
  confirmLeave: (name: string) => `Are you sure you want to leave ${name}? You can only join again if an admin invites you.`,
  leaveFailed: 'Failed to leave the organization.',
} as const;

/**
 * The dashboard's organization part (SPEC §2, §6): for admins the members card, the assignments
 * (`assignments`, which the route composes: it brings the books to choose from) and a link to
 * the progress view; else a notice. 'Leave organization' for every member but the owner.
 * `onMembershipChanged` lets the page read the session again after leaving or handing the
 * organization over.
 */
export function OrganizationSection({
  user,
  onMembershipChanged,
  assignments,
}: {
  user: SessionUser;
  onMembershipChanged: () => void;
  /** The assignments card, shown to the organization's admins and owner only. */
  assignments?: ReactNode;
}) {
  return (
    <>
      {isOrganizationAdmin(user) ? (
        <>
          <OrganizationMembersCard organizationId={user.organization_id!} currentUser={user} onOwnershipHanded={onMembershipChanged} />
          {assignments}
          <Box>
            <RouterButton to="/organization/$orgId/progress" params={{ orgId: user.organization_id! }} variant="outlined">
              Progress
            </RouterButton>
          </Box>
        </>
      ) : (
        <Alert severity="info" variant="outlined">
          {user.organization_id != null ? ORGANIZATION_NOTICES.member : ORGANIZATION_NOTICES.none}
        </Alert>
      )}
      {user.organization_id != null && <LeaveOrganization user={user} onLeft={onMembershipChanged} />}
    </>
  );
}

function LeaveOrganization({ user, onLeft }: { user: SessionUser; onLeft: () => void }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leave = useMutation({ mutationFn: () => leaveOrganization(user.organization_id!) });
  const name = user.organization_name || 'this organization';

  if (!canLeaveOrganization(user)) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {ORGANIZATION_NOTICES.ownerCannotLeave}
      </Typography>
    );
  }

  const onConfirm = async () => {
    setError(null);
    try {
      await leave.mutateAsync();
      setAsking(false);
      onLeft();
    } catch (failure) {
      setAsking(false);
      setError(messageOf(failure, { fallback: ORGANIZATION_NOTICES.leaveFailed }));
    }
  };

  return (
    <Box>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
        Leave organization
      </Button>
      <ConfirmDialog
        open={asking}
        title="Leave organization"
        message={ORGANIZATION_NOTICES.confirmLeave(name)}
        confirmLabel="Leave"
        busy={leave.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void onConfirm()}
      />
    </Box>
  );
}
