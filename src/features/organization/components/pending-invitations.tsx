import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { MEMBER_MESSAGES, type PendingInvitation, pendingInvitationsQueryOptions } from '../api/organization-members';

/**
 * The organization's pending invitations, for its admins: each address with the role offered
 * and 'Withdraw'. No name: the person is not a member until they accept.
 */
export function PendingInvitations({
  organizationId,
  withdrawing,
  onWithdraw,
}: {
  organizationId: number;
  /** Invitation ids whose withdrawal is in progress. */
  withdrawing: ReadonlySet<number>;
  onWithdraw: (invitation: PendingInvitation) => void;
}) {
  const id = useId();
  const invitations = useQuery(pendingInvitationsQueryOptions(organizationId));
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 3 }}>
      <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 650, mb: 1 }}>
        Pending invitations
      </Typography>
      {invitations.isPending ? (
        <Typography role="status">Loading invitations...</Typography>
      ) : invitations.isError ? (
        <Alert severity="error">{MEMBER_MESSAGES.invitationsFailed}</Alert>
      ) : invitations.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No pending invitations.</Typography>
      ) : (
        <List dense aria-label="Pending invitations">
          {invitations.data.map((invitation) => {
            const busy = withdrawing.has(invitation.id);
            return (
              <ListItem key={invitation.id} aria-busy={busy || undefined} sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere', flexGrow: 1 }}>{invitation.email}</Typography>
                <Chip size="small" label={invitation.role} />
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  aria-label={`Withdraw the invitation of ${invitation.email}`}
                  onClick={() => onWithdraw(invitation)}
                >
                  {busy ? 'Withdrawing...' : 'Withdraw'}
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
