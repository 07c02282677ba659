import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import { useId } from 'react';
import { formatDateTime } from '../../../../lib/dates';
import { useOnlineStatus } from '../../../../lib/online-status';
import { myScoresQueryOptions, type QuizScore } from '../api/get-my-scores';
import { useOutboxRows } from '../use-outbox';
import { formatPercentage } from '../../../../lib/percent';

export const QUIZ_HISTORY_TEXT = {
  title: 'My Quiz History',
  empty: 'You have not taken any quizzes yet.',
  failed: 'Could not load your quiz history.',
  offline: 'You are offline: your history from the server shows when the connection returns.',
} as const;

/** SPEC §9: the history shows the percentage with one decimal. */

/** A finished attempt still on this device, not yet recorded by the server (the outbox). */
interface UnsyncedScore {
  id: string;
  quizTitle: string;
  correct: number;
  total: number;
  /** ISO time the attempt was completed. */
  completedAt: string;
  state: 'waiting' | 'sending' | 'rejected';
  /** The server's reason for a rejection. */
  reason: string | null;
}

const SYNC_STATE_TEXT: Record<UnsyncedScore['state'], string> = {
  waiting: 'Waiting to sync',
  sending: 'Sending...',
  rejected: 'Not accepted by the server',
};

/**
 * The dashboard's My Quiz History card (SPEC §2): #, Quiz Title, Score, Percentage, Date
 * Submitted. Scores still on this device (the outbox, newest first) come first, each with its
 * sync state. Offline the card never waits: it shows the server's list as last loaded (the
 * persisted query cache), saying so, or only the scores on this device when the list was never
 * loaded here. A failed refresh keeps the rows already shown.
 */
export function QuizHistoryCard({ userId }: { userId: number }) {
  const id = useId();
  const unsynced: UnsyncedScore[] = (useOutboxRows() ?? [])
    .map((row) => ({
      id: row.clientAttemptId,
      quizTitle: row.quizTitle,
      correct: row.correctAnswers,
      total: row.totalQuestions,
      completedAt: row.completedAt,
      state: row.state,
      reason: row.lastError,
    }))
    .reverse();
  const scores = useQuery(myScoresQueryOptions(userId));
  const online = useOnlineStatus();
  const waitingForNetwork = !online || scores.fetchStatus === 'paused';
  let body;
  if (scores.data) {
    body = (
      <>
        {!online && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            You are offline: this is your history as last loaded ({formatDateTime(scores.dataUpdatedAt)}).
          </Typography>
        )}
        {online && scores.isError && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {QUIZ_HISTORY_TEXT.failed} This is your history as last loaded ({formatDateTime(scores.dataUpdatedAt)}).
          </Alert>
        )}
        {scores.data.length === 0 && unsynced.length === 0 ? (
          <Typography>{QUIZ_HISTORY_TEXT.empty}</Typography>
        ) : (
          <ScoresTable scores={scores.data} unsynced={unsynced} />
        )}
      </>
    );
  } else if (waitingForNetwork) {
    body = (
      <>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {QUIZ_HISTORY_TEXT.offline}
        </Typography>
        {unsynced.length > 0 && <ScoresTable scores={[]} unsynced={unsynced} />}
      </>
    );
  } else if (scores.isError) {
    body = <Alert severity="error">{QUIZ_HISTORY_TEXT.failed}</Alert>;
  } else {
    body = <Typography role="status">Loading quiz history...</Typography>;
  }
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
          {QUIZ_HISTORY_TEXT.title}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

/** Below 600 px each score is a block of labelled lines; from 600 px a plain table. */
const stackOnPhones = (theme: Theme) => ({
  [theme.breakpoints.up('sm')]: { minWidth: 560, '& td:nth-of-type(3), & td:nth-of-type(5)': { whiteSpace: 'nowrap' } },
  [theme.breakpoints.down('sm')]: {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tr': { display: 'block', py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
    '& td': {
      display: 'flex',
      justifyContent: 'space-between',
      gap: 2,
      border: 0,
      py: 0.5,
      px: 1,
      textAlign: 'right',
      overflowWrap: 'anywhere',
      '&::before': { content: 'attr(data-label)', fontWeight: 600, color: theme.palette.text.secondary, flexShrink: 0, textAlign: 'left' },
    },
  },
});

function ScoresTable({ scores, unsynced }: { scores: QuizScore[]; unsynced: UnsyncedScore[] }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Quiz results (scrolls sideways)" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={QUIZ_HISTORY_TEXT.title} sx={stackOnPhones}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Quiz Title</TableCell>
            <TableCell>Score</TableCell>
            <TableCell>Percentage</TableCell>
            <TableCell>Date Submitted</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {unsynced.map((score) => (
            <TableRow key={score.id}>
              <TableCell data-label="#">–</TableCell>
              <TableCell data-label="Quiz Title">{score.quizTitle}</TableCell>
              <TableCell data-label="Score">{`${score.correct}/${score.total}`}</TableCell>
              <TableCell data-label="Percentage">{formatPercentage(score.total > 0 ? (score.correct / score.total) * 100 : 0)}</TableCell>
              <TableCell data-label="Date Submitted">
                {formatDateTime(score.completedAt)}{' '}
                <Chip
                  size="small"
                  color={score.state === 'rejected' ? 'error' : 'warning'}
                  variant="outlined"
                  label={score.state === 'rejected' && score.reason ? `${SYNC_STATE_TEXT.rejected}: ${score.reason}` : SYNC_STATE_TEXT[score.state]}
                  sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                />
              </TableCell>
            </TableRow>
          ))}
          {scores.map((score, index) => (
            <TableRow key={score.id}>
              <TableCell data-label="#">{index + 1}</TableCell>
              <TableCell data-label="Quiz Title">{score.quiz_title}</TableCell>
              <TableCell data-label="Score">{`${score.correct_answers}/${score.total_questions}`}</TableCell>
              <TableCell data-label="Percentage">{formatPercentage(score.score_percentage)}</TableCell>
              <TableCell data-label="Date Submitted">{formatDateTime(score.submitted_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
