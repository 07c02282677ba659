import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messageOf } from '../../../lib/api-error';
import { type MyInvitation, myInvitationsQueryOptions, useAnswerInvitation } from '../api/organization-members';

interface Message {
  severity: 'success' | 'error';
  text: string;
}

/**
 * The signed-in user's invitations to organizations, on the dashboard: nobody joins an
 * organization without accepting here. Shows nothing while there are none. `onJoined` lets the
 * page read the session again (the user now has an organization and a role).
 */
export function MyInvitationsCard({ onJoined }: { onJoined: () => void }) {
  const id = useId();
  const invitations = useQuery(myInvitationsQueryOptions());
  const answer = useAnswerInvitation();
  const [message, setMessage] = useState<Message | null>(null);

  const onAnswer = async (invitation: MyInvitation, accept: boolean) => {
    setMessage(null);
    try {
      const detail = await answer.mutateAsync({ invitation, accept });
      setMessage({ severity: 'success', text: detail });
      if (accept) onJoined();
    } catch (error) {
      setMessage({ severity: 'error', text: messageOf(error, { fallback: 'The invitation could not be answered. Try again.' }) });
    }
  };

  const pending = invitations.data ?? [];
  if (pending.length === 0 && !message && !invitations.isError) return null;
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
          Invitations
        </Typography>
        {message && (
          <Alert severity={message.severity} role={message.severity === 'success' ? 'status' : 'alert'} onClose={() => setMessage(null)} sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        )}
        {invitations.isError && <Alert severity="error">Could not load your invitations.</Alert>}
        <Stack spacing={2}>
          {pending.map((invitation) => (
            <Stack
              key={invitation.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              aria-label={`Invitation from ${invitation.organization.name}`}
              role="group"
            >
              <Typography>
                <strong>{invitation.organization.name}</strong> invites you to join as {invitation.role}.
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button variant="contained" disabled={answer.isPending} onClick={() => void onAnswer(invitation, true)}>
                  Accept
                </Button>
                <Button variant="outlined" disabled={answer.isPending} onClick={() => void onAnswer(invitation, false)}>
                  Decline
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
