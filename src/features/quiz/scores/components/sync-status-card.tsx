import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { db, type OutboxRow } from '../../../../lib/db';
import { useStoredUser } from '../../../../lib/session';
import { requeueRejected } from '../../../../lib/outbox/outbox-db';
import { useLastSync, useOutboxRows } from '../use-outbox';
import { syncNow, useSyncStatus } from '../outbox-sync';
import { usePendingScores } from '../start-when-signed-in';
import { formatDateTime } from '../../../../lib/dates';

export const SYNC_STATE_LABEL: Record<OutboxRow['state'], string> = {
  waiting: 'Waiting to sync',
  sending: 'Sending...',
  rejected: 'Rejected by the server',
};

/** 'Export unsynced results': the user's unsent attempts as a JSON file, for when nothing else works. */
export function exportUnsyncedResults(rows: OutboxRow[], email: string): void {
  const file = new Blob(
    [
      JSON.stringify(
        {
          exported_at: new Date().toISOString(),
          user: email,
          attempts: rows.map((row) => ({
            client_attempt_id: row.clientAttemptId,
            quiz_id: row.quizId,
            quiz_title: row.quizTitle,
            quiz_version: row.quizVersion,
            completed_at: row.completedAt,
            total_questions: row.totalQuestions,
            correct_answers: row.correctAnswers,
            answers: row.answers,
            state: row.state,
            server_reason: row.lastError,
          })),
        },
        null,
        2,
      ),
    ],
    { type: 'application/json' },
  );
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `unsynced-quiz-results-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Quiz scores on this device: what waits, what the server refused and why, 'Sync now', the last sync, export. */
export function SyncStatusCard() {
  const id = useId();
  const user = useStoredUser();
  const rows = useOutboxRows();
  const lastSync = useLastSync();
  const { running, lastResult, lastError } = useSyncStatus();
  const pending = usePendingScores();
  if (!user) return null;

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
          Quiz scores on this device
        </Typography>
        <Stack spacing={1.5}>
          <Typography role="status">
            {pending === 0
              ? 'All your quiz scores have reached the server.'
              : `${pending} quiz ${pending === 1 ? 'score has' : 'scores have'} not reached the server yet.`}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Last successful sync: {lastSync ? formatDateTime(lastSync) : 'never from this device'}
          </Typography>
          {lastResult?.stoppedBy === 'offline' && pending > 0 && (
            <Alert severity="info">No connection to the server: scores are kept here and sent when it is back.</Alert>
          )}
          {lastResult?.stoppedBy === 'retry-later' && pending > 0 && (
            <Alert severity="info">The server could not take scores just now: trying again shortly.</Alert>
          )}
          {lastResult?.stoppedBy === 'signed-out' && pending > 0 && (
            <Alert severity="warning">Your session has ended: sign in again to send these scores.</Alert>
          )}
          {lastError && <Alert severity="error">The scores on this device could not be read: {lastError}</Alert>}
          {rows && rows.length > 0 && (
            <List dense aria-label="Scores not yet synced">
              {rows.map((row) => (
                <ListItem key={row.clientAttemptId} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    primary={`${row.quizTitle}: ${row.correctAnswers}/${row.totalQuestions}`}
                    secondary={`Completed ${formatDateTime(row.completedAt)}${row.state === 'rejected' && row.lastError ? ` — ${row.lastError}` : ''}`}
                  />
                  <Chip size="small" label={SYNC_STATE_LABEL[row.state]} color={row.state === 'rejected' ? 'error' : 'default'} />
                  {row.state === 'rejected' && (
                    <Button size="small" onClick={() => void requeueRejected(db, row.clientAttemptId).then(() => syncNow())}>
                      Try again
                    </Button>
                  )}
                </ListItem>
              ))}
            </List>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" disabled={running || pending === 0} onClick={() => void syncNow()}>
              {running ? 'Syncing...' : 'Sync now'}
            </Button>
            <Button variant="outlined" disabled={!rows || rows.length === 0} onClick={() => rows && exportUnsyncedResults(rows, user.email)}>
              Export unsynced results
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
