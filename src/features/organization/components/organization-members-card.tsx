import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  addMemberErrorMessage,
  fetchMembersErrorMessage,
  MEMBER_MESSAGES,
  type OrganizationMember,
  organizationUsersQueryOptions,
  type PendingInvitation,
  removeMemberErrorMessage,
  useAddMember,
  useRemoveMember,
  useTransferOwnership,
  useWithdrawInvitation,
} from '../api/organization-members';
import type { AddMember } from '../../../contract/organizations';
import { canAddMemberAs, canRemoveMember, canTransferOwnership } from '../../../contract/permissions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-error';
import type { SessionUser } from '../../../lib/session';
import { useOnlineStatus } from '../../../lib/online-status';
import { AddMemberForm } from './add-member-form';
import { MembersTable } from './members-table';
import { PendingInvitations } from './pending-invitations';
import { RemoveMemberDialog } from './remove-member-dialog';
import { formatDateTime } from '../../../lib/dates';

interface Message {
  severity: 'success' | 'error';
  text: string;
}

/**
 * The Organization Members card (SPEC §2, §4, §8), for organization admins: the Add User
 * toggle and form (which invites: the person accepts on their dashboard), the members table
 * with per-row removal (confirm, in progress, message, list reload) and, for the owner,
 * 'Make owner' on admins; then the pending invitations with 'Withdraw'.
 */
export function OrganizationMembersCard({
  organizationId,
  currentUser,
  onOwnershipHanded,
}: {
  organizationId: number;
  currentUser: SessionUser;
  /** The signed-in owner is an admin now: the page reads the session again. */
  onOwnershipHanded: () => void;
}) {
  const currentUserId = currentUser.user_id;
  // Only what the server allows is offered (SPEC §6): the same predicates the server enforces.
  const canRemove = (member: OrganizationMember) => canRemoveMember(currentUser, member, organizationId);
  const canAssign = (role: string) => canAddMemberAs(currentUser, organizationId, role);
  const canMakeOwner = (member: OrganizationMember) => member.id !== currentUserId && canTransferOwnership(currentUser, organizationId, member);
  const id = useId();
  const members = useQuery(organizationUsersQueryOptions(organizationId));
  const addMember = useAddMember(organizationId);
  const removeMember = useRemoveMember(organizationId);
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState<OrganizationMember | null>(null);
  const [removing, setRemoving] = useState<ReadonlySet<number>>(new Set());
  const withdrawInvitation = useWithdrawInvitation(organizationId);
  const [withdrawing, setWithdrawing] = useState<ReadonlySet<number>>(new Set());
  const transfer = useTransferOwnership(organizationId);
  const [heir, setHeir] = useState<OrganizationMember | null>(null);

  const onAdd = async (member: AddMember) => {
    setMessage(null);
    try {
      const sent = await addMember.mutateAsync(member);
      setMessage({ severity: 'success', text: MEMBER_MESSAGES.invited(sent.invitation.email) });
      return true;
    } catch (error) {
      setMessage({ severity: 'error', text: addMemberErrorMessage(error) });
      return false;
    }
  };

  const onConfirmRemove = async (member: OrganizationMember) => {
    setConfirming(null);
    setMessage(null);
    const membershipId = member.organization_membership_id;
    setRemoving((ids) => new Set(ids).add(membershipId));
    try {
      await removeMember.mutateAsync(member);
      setMessage({ severity: 'success', text: MEMBER_MESSAGES.removed(member.email) });
    } catch (error) {
      setMessage({ severity: 'error', text: removeMemberErrorMessage(error, member.email) });
    } finally {
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(membershipId);
        return next;
      });
    }
  };

  const onWithdraw = async (invitation: PendingInvitation) => {
    setMessage(null);
    setWithdrawing((ids) => new Set(ids).add(invitation.id));
    try {
      await withdrawInvitation.mutateAsync(invitation);
      setMessage({ severity: 'success', text: MEMBER_MESSAGES.withdrawn(invitation.email) });
    } catch (error) {
      setMessage({ severity: 'error', text: messageOf(error, { fallback: MEMBER_MESSAGES.withdrawFailed(invitation.email) }) });
    } finally {
      setWithdrawing((ids) => {
        const next = new Set(ids);
        next.delete(invitation.id);
        return next;
      });
    }
  };

  const onConfirmTransfer = async (member: OrganizationMember) => {
    setMessage(null);
    try {
      await transfer.mutateAsync(member);
      setHeir(null);
      setMessage({ severity: 'success', text: MEMBER_MESSAGES.transferred(member.email) });
      onOwnershipHanded();
    } catch (error) {
      setHeir(null);
      setMessage({ severity: 'error', text: messageOf(error, { fallback: MEMBER_MESSAGES.transferFailed }) });
    }
  };

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem' }}>
            Organization Members
          </Typography>
          <Button
            variant={adding ? 'outlined' : 'contained'}
            onClick={() => setAdding((open) => !open)}
            aria-expanded={adding}
            aria-controls={adding ? `${id}-add` : undefined}
          >
            {adding ? 'Cancel Adding' : 'Add User'}
          </Button>
        </Stack>

        {adding && <AddMemberForm id={`${id}-add`} busy={addMember.isPending} onAdd={onAdd} canAssign={canAssign} />}

        {message && (
          <Alert severity={message.severity} role={message.severity === 'success' ? 'status' : 'alert'} onClose={() => setMessage(null)} sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        )}

        <MembersList
          query={members}
          currentUserId={currentUserId}
          canRemove={canRemove}
          removing={removing}
          onRemove={(member) => setConfirming(member)}
          canMakeOwner={canMakeOwner}
          onMakeOwner={setHeir}
        />
        <PendingInvitations organizationId={organizationId} withdrawing={withdrawing} onWithdraw={(invitation) => void onWithdraw(invitation)} />
      </CardContent>
      <RemoveMemberDialog member={confirming} onCancel={() => setConfirming(null)} onConfirm={(member) => void onConfirmRemove(member)} />
      <ConfirmDialog
        open={heir !== null}
        title="Hand over the organization"
        message={heir ? MEMBER_MESSAGES.confirmTransfer(heir.email) : ''}
        confirmLabel="Make owner"
        busy={transfer.isPending}
        onCancel={() => setHeir(null)}
        onConfirm={() => heir && void onConfirmTransfer(heir)}
      />
    </Card>
  );
}

function MembersList({
  query,
  currentUserId,
  canRemove,
  removing,
  onRemove,
  canMakeOwner,
  onMakeOwner,
}: {
  query: UseQueryResult<OrganizationMember[]>;
  currentUserId: number;
  canRemove: (member: OrganizationMember) => boolean;
  removing: ReadonlySet<number>;
  onRemove: (member: OrganizationMember) => void;
  canMakeOwner: (member: OrganizationMember) => boolean;
  onMakeOwner: (member: OrganizationMember) => void;
}) {
  const online = useOnlineStatus();
  if (query.isPending) {
    return (
      <Box role="status">
        <Typography>Loading users...</Typography>
        {query.fetchStatus === 'paused' && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            You are offline: the list loads when the connection returns.
          </Typography>
        )}
      </Box>
    );
  }
  if (query.isError) return <Alert severity="error">{fetchMembersErrorMessage(query.error)}</Alert>;
  return (
    <>
      {!online && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          You are offline: this is the list as last loaded ({formatDateTime(query.dataUpdatedAt)}).
        </Typography>
      )}
      {query.data.length === 0 ? (
        <Typography>No users found in this organization.</Typography>
      ) : (
        <MembersTable
          members={query.data}
          currentUserId={currentUserId}
          canRemove={canRemove}
          removing={removing}
          onRemove={onRemove}
          canMakeOwner={canMakeOwner}
          onMakeOwner={onMakeOwner}
        />
      )}
    </>
  );
}
