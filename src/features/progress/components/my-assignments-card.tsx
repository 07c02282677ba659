import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { RouterLink } from '../../../components/router-link';
import { type AssignmentStatus, assignmentStatusLabels, chaptersReadText } from '../../../contract/progress-rules';
import { useOnlineStatus } from '../../../lib/online-status';
import { myAssignmentsQueryOptions } from '../api/get-my-assignments';
import { myProgressQueryOptions } from '../api/get-my-progress';
import { NO_LOCAL_PROGRESS, useLocalProgress } from '../db/local-progress';
import { type MergedAssignment, mergeAssignment } from '../merge';
import { ASSIGNMENTS_TEXT, bestScoreText, dueDateText, lastSyncedText } from '../progress-text';

const STATUS_COLOURS: Record<AssignmentStatus, 'default' | 'info' | 'success' | 'error'> = {
  not_started: 'default',
  in_progress: 'info',
  done: 'success',
  overdue: 'error',
};

/** Soonest due first (no due date last), then by title. */
const byDueDate = (a: MergedAssignment, b: MergedAssignment) =>
  (a.due_date ?? '9999-99-99').localeCompare(b.due_date ?? '9999-99-99') || a.book_title.localeCompare(b.book_title);

/**
 * 'Assigned to you' on a member's dashboard: each assignment's book (a link to the reader), due
 * date, chapters read, best quiz score, status and note. The figures are the server's, last
 * synced (kept for offline use), with this device's reads and unsent scores folded in, and the
 * status recomputed on the device. Offline it never waits: it shows the last sync, saying so.
 * Nothing at all when nothing is assigned.
 */
export function MyAssignmentsCard({ userId }: { userId: number }) {
  const id = useId();
  const online = useOnlineStatus();
  const assignments = useQuery(myAssignmentsQueryOptions(userId));
  const progress = useQuery(myProgressQueryOptions(userId));
  const local = useLocalProgress(userId) ?? NO_LOCAL_PROGRESS;

  let body;
  if (assignments.data) {
    if (assignments.data.length === 0) return null;
    const merged = assignments.data.map((assignment) =>
      mergeAssignment(
        assignment,
        progress.data?.find((entry) => entry.book === assignment.book),
        local,
      ),
    );
    const stale = !online || assignments.isError;
    body = (
      <>
        {stale && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {lastSyncedText(assignments.dataUpdatedAt, !online)}
          </Typography>
        )}
        <List disablePadding aria-labelledby={`${id}-title`}>
          {merged.sort(byDueDate).map((assignment) => (
            <AssignmentItem key={assignment.id} assignment={assignment} />
          ))}
        </List>
      </>
    );
  } else if (!online || assignments.fetchStatus === 'paused') {
    body = <Typography sx={{ color: 'text.secondary' }}>{ASSIGNMENTS_TEXT.offlineNever}</Typography>;
  } else if (assignments.isError) {
    body = <Typography sx={{ color: 'error.main' }}>{ASSIGNMENTS_TEXT.failed}</Typography>;
  } else {
    body = <Typography role="status">{ASSIGNMENTS_TEXT.loading}</Typography>;
  }

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
          {ASSIGNMENTS_TEXT.title}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

function AssignmentItem({ assignment }: { assignment: MergedAssignment }) {
  const titleId = useId();
  return (
    <ListItem disableGutters divider aria-labelledby={titleId} sx={{ display: 'block', py: 1.5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <RouterLink id={titleId} to="/book/$bookId" params={{ bookId: assignment.book }} sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
          {assignment.book_title}
        </RouterLink>
        <Chip size="small" label={assignmentStatusLabels[assignment.status]} color={STATUS_COLOURS[assignment.status]} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {[
          dueDateText(assignment.due_date),
          chaptersReadText(assignment.chapters_read, assignment.chapter_count),
          bestScoreText(assignment.has_quiz, assignment.best_percentage),
        ].join(' · ')}
      </Typography>
      {assignment.note && (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {assignment.note}
        </Typography>
      )}
    </ListItem>
  );
}
