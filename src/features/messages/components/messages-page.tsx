import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { RouterButton } from '../../../components/router-link';
import { institute } from '../../../content/institute';
import { canReadContactMessages } from '../../../contract/permissions';
import { messageOf } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { RetryAlert } from '../../../components/retry-alert';
import { useOnlineStatus } from '../../../lib/online-status';
import { useStoredUser } from '../../../lib/session';
import { type ContactMessage, contactMessagesQueryOptions, MESSAGES_PAGE_SIZE, useSetMessageHandled } from '../api/contact-messages';

export const MESSAGES_TEXT = {
  title: 'Messages',
  intro: "What visitors sent with the contact form, newest first. Each is also mailed to the institute's address.",
  loading: 'Loading messages...',
  empty: 'No messages yet.',
  failed: 'Could not load the messages.',
  offline: 'You are offline: the messages load when the connection returns.',
  superusersOnly: 'Only superusers can read the messages of the contact form.',
  markHandled: 'Mark as handled',
  markNotHandled: 'Mark as not handled',
  handled: 'Handled',
  saveFailed: 'Could not save the change.',
  saveOffline: 'This device is offline: marking a message needs a connection.',
} as const;

const countText = (count: number) => `${count} ${count === 1 ? 'message' : 'messages'}`;

/** Messages (superusers): the contact form's messages, a page at a time (`page` from 1). */
export function MessagesPage({ page }: { page: number }) {
  const user = useStoredUser();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`Messages — ${institute.name}`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 1 }}>
        {MESSAGES_TEXT.title}
      </Typography>
      {canReadContactMessages(user) ? <MessageList page={page} /> : <Alert severity="info">{MESSAGES_TEXT.superusersOnly}</Alert>}
    </Container>
  );
}

function MessageList({ page }: { page: number }) {
  const online = useOnlineStatus();
  const query = useQuery(contactMessagesQueryOptions(page));
  if (query.isPending) return online ? <Typography role="status">{MESSAGES_TEXT.loading}</Typography> : <Alert severity="info">{MESSAGES_TEXT.offline}</Alert>;
  if (query.isError)
    return (
      <RetryAlert onRetry={() => void query.refetch()}>{messageOf(query.error, { fallback: MESSAGES_TEXT.failed, offline: MESSAGES_TEXT.offline })}</RetryAlert>
    );
  const { count, results } = query.data;
  const pages = Math.max(1, Math.ceil(count / MESSAGES_PAGE_SIZE));
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {MESSAGES_TEXT.intro} {countText(count)}.
      </Typography>
      {results.length === 0 ? (
        <Typography>{MESSAGES_TEXT.empty}</Typography>
      ) : (
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {results.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Stack component="nav" aria-label="Pages of messages" direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          {page > 1 && (
            <RouterButton to="/messages" search={{ page: page - 1 }} variant="outlined">
              Previous
            </RouterButton>
          )}
          <Typography>
            Page {page} of {pages}
          </Typography>
          {page < pages && (
            <RouterButton to="/messages" search={{ page: page + 1 }} variant="outlined">
              Next
            </RouterButton>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const headingId = useId();
  const save = useSetMessageHandled();
  const failed = save.isError ? messageOf(save.error, { fallback: MESSAGES_TEXT.saveFailed, offline: MESSAGES_TEXT.saveOffline }) : null;
  return (
    <Card component="li" variant="outlined" aria-labelledby={headingId} sx={message.handled ? { bgcolor: 'action.hover' } : {}}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {message.name}
          </Typography>
          {message.handled && <Chip label={MESSAGES_TEXT.handled} color="success" size="small" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <MuiLink href={`mailto:${message.email}`}>{message.email}</MuiLink> · <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        </Typography>
        <Typography sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Typography>
        {failed && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {failed}
          </Alert>
        )}
        <Button
          sx={{ mt: 1.5 }}
          variant={message.handled ? 'outlined' : 'contained'}
          disabled={save.isPending}
          onClick={() => save.mutate({ id: message.id, handled: !message.handled })}
        >
          {message.handled ? MESSAGES_TEXT.markNotHandled : MESSAGES_TEXT.markHandled}
        </Button>
      </CardContent>
    </Card>
  );
}
