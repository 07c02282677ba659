import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { RouterButton } from '../../../components/router-link';
import { canManageMembers } from '../../../contract/permissions';
import { ApiError, messageOf } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatPercentage } from '../../../lib/percent';
import { RetryAlert } from '../../../components/retry-alert';
import { useOnlineStatus } from '../../../lib/online-status';
import { useStoredUser } from '../../../lib/session';
import { type MemberProgress, memberProgressQueryOptions } from '../api/progress';
import { MemberPractice } from './member-practice';
import { PROGRESS_TEXT } from './progress-page';
import { formatDueDate, StatusLabel } from './progress-table';

const MEMBER_TEXT = {
  loading: 'Loading the member’s progress...',
  failed: 'Could not load the member’s progress.',
  notFound: 'This member is not in the organization.',
  noAssignments: 'No books are assigned to this member.',
  noAttempts: 'No quiz attempts yet.',
} as const;

/** One member's reading and quiz attempts per assigned book and their practice, for the organization's admins and owner (and superusers). */
export function MemberProgressPage({ organizationId, userId }: { organizationId: number; userId: number }) {
  const user = useStoredUser();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Box sx={{ mb: 2 }}>
        <RouterButton to="/organization/$orgId/progress" params={{ orgId: organizationId }} variant="text">
          Back to progress
        </RouterButton>
      </Box>
      {canManageMembers(user, organizationId) ? (
        <MemberProgressView organizationId={organizationId} userId={userId} />
      ) : (
        <WithoutDetail>
          <Alert severity="error">{PROGRESS_TEXT.forbidden}</Alert>
        </WithoutDetail>
      )}
    </Container>
  );
}

function MemberProgressView({ organizationId, userId }: { organizationId: number; userId: number }) {
  const online = useOnlineStatus();
  const query = useQuery(memberProgressQueryOptions(organizationId, userId));
  if (query.isPending)
    return (
      <WithoutDetail>
        {online ? <Typography role="status">{MEMBER_TEXT.loading}</Typography> : <Alert severity="info">{PROGRESS_TEXT.offline}</Alert>}
      </WithoutDetail>
    );
  if (query.isError) {
    const reason = query.error instanceof ApiError ? query.error.reason : null;
    if (reason === 'forbidden')
      return (
        <WithoutDetail>
          <Alert severity="error">{PROGRESS_TEXT.forbidden}</Alert>
        </WithoutDetail>
      );
    if (reason === 'not-found')
      return (
        <WithoutDetail>
          <Alert severity="info">{MEMBER_TEXT.notFound}</Alert>
        </WithoutDetail>
      );
    return (
      <WithoutDetail>
        <RetryAlert onRetry={() => void query.refetch()}>{messageOf(query.error, { fallback: MEMBER_TEXT.failed, offline: PROGRESS_TEXT.offline })}</RetryAlert>
      </WithoutDetail>
    );
  }
  const progress = query.data;
  const name = progress.member.full_name || progress.member.email;
  return (
    <>
      <title>{`${name} — Progress`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 1, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{progress.member.email}</Typography>
      <Typography sx={{ mb: 1 }}>
        Last synced: {progress.last_synced ? <time dateTime={progress.last_synced}>{formatDateTime(progress.last_synced)}</time> : 'Never'}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {PROGRESS_TEXT.lastSynced}
      </Typography>
      {progress.books.length === 0 ? (
        <Typography>{MEMBER_TEXT.noAssignments}</Typography>
      ) : (
        <Stack spacing={3}>
          {progress.books.map((book) => (
            <BookProgress key={book.assignment} book={book} />
          ))}
        </Stack>
      )}
      <MemberPractice organizationId={organizationId} progress={progress} />
    </>
  );
}

/** The page's heading while there is no member to name (loading, refused, gone). */
function WithoutDetail({ children }: { children: ReactNode }) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 2 }}>
        Member progress
      </Typography>
      {children}
    </>
  );
}

function BookProgress({ book }: { book: MemberProgress['books'][number] }) {
  const id = useId();
  const read = book.chapters.filter((chapter) => chapter.read_at !== null).length;
  return (
    <Card component="section" aria-labelledby={`${id}-title`} variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem' }}>
            {book.book_title}
          </Typography>
          <StatusLabel status={book.status} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {book.due_date ? `Due ${formatDueDate(book.due_date)}` : 'No due date'} · {read} / {book.chapters.length} chapters read
        </Typography>

        <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 650 }}>
          Chapters
        </Typography>
        <List dense aria-label={`Chapters of ${book.book_title}`}>
          {book.chapters.map((chapter) => (
            <ListItem key={chapter.id} sx={{ px: 0, gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{chapter.title}</Typography>
              <Typography variant="body2" sx={{ color: chapter.read_at ? 'text.primary' : 'text.secondary' }}>
                {chapter.read_at ? (
                  <>
                    Read <time dateTime={chapter.read_at}>{formatDate(chapter.read_at)}</time>
                  </>
                ) : (
                  'Not read'
                )}
              </Typography>
            </ListItem>
          ))}
        </List>

        <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 650, mt: 1, mb: 1 }}>
          Quiz attempts
        </Typography>
        {book.attempts.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{MEMBER_TEXT.noAttempts}</Typography>
        ) : (
          <TableContainer tabIndex={0} role="region" aria-label="Quiz attempts (scrolls sideways)" sx={{ overflowX: 'auto', position: 'relative' }}>
            <Table size="small" aria-label={`Quiz attempts on ${book.book_title}`}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Submitted</TableCell>
                  <TableCell scope="col">Score</TableCell>
                  <TableCell scope="col">Correct answers</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {book.attempts.map((attempt) => (
                  <TableRow key={attempt.id}>
                    <TableCell component="th" scope="row">
                      <time dateTime={attempt.submitted_at}>{formatDateTime(attempt.submitted_at)}</time>
                    </TableCell>
                    <TableCell>{formatPercentage(attempt.score_percentage)}</TableCell>
                    <TableCell>
                      {attempt.correct_answers} of {attempt.total_questions}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
