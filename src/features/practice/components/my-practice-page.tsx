/**
 * /practice/mine, 'My practice' (issue 37): per drill the proficiency state, the learning curve
 * (loaded only here: React.lazy) and the repetitions newest first, from the device at once and
 * refreshed in the background. An unverified repetition can be deleted (online for one the server
 * holds, on the device for one that never reached it); a verified one cannot. The list is plain
 * table rows, the newest LIST_PAGE first and more on request: 500 rows took 200–440 ms to render at
 * 4× CPU slowdown, beyond the 100 ms goal. The render is timed ('practice-mine-render') for `npm run bench`.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense, useLayoutEffect, useMemo, useState } from 'react';
import { formatSeconds, type Drill } from '../../../contract/practice';
import { toApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { db } from '../../../lib/db';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { deleteRepetition } from '../api/practice-api';
import { deleteQueuedRepetition, type LogEntry } from '../db/practice-log';
import { noDrillsText, useDrills, usePendingRepetitions, usePracticeLog } from '../use-practice';
import { proficiencyLine, targetText } from './drill-status';

const LearningCurve = lazy(() => import('./learning-curve'));

const NO_ENTRIES: LogEntry[] = [];
/** Rows shown at first, and added by 'Show more'. */
const LIST_PAGE = 50;

export interface MyPracticePageProps {
  userId: number;
  /** The drill chosen (`?drill=`); the first drill when absent. */
  drillId: number | undefined;
  onChooseDrill: (drillId: number) => void;
}

export function MyPracticePage({ userId, drillId, onChooseDrill }: MyPracticePageProps) {
  const { drills, refreshFailed } = useDrills(userId);
  const log = usePracticeLog(userId);
  const waiting = usePendingRepetitions(userId);
  if (!drills || !log) return <CircularProgress aria-label="Loading your practice" />;
  if (drills.length === 0) return <Alert severity="info">{noDrillsText(refreshFailed)}</Alert>;
  const drill = drills.find((d) => d.id === drillId) ?? drills[0]!;
  return (
    <Stack spacing={2.5}>
      <TextField
        select
        label="Drill"
        value={drill.id}
        onChange={(event) => onChooseDrill(Number(event.target.value))}
        slotProps={{ select: { native: true } }}
        sx={{ maxWidth: 420 }}
      >
        {drills.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </TextField>
      {waiting > 0 && <Typography>{`${waiting} ${waiting === 1 ? 'repetition' : 'repetitions'} waiting to sync`}</Typography>}
      <DrillLog key={drill.id} userId={userId} drill={drill} entries={log.get(drill.id) ?? NO_ENTRIES} />
    </Stack>
  );
}

function DrillLog({ userId, drill, entries }: { userId: number; drill: Drill; entries: LogEntry[] }) {
  const started = performance.now();
  const [asked, setAsked] = useState<LogEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(LIST_PAGE);
  const newestFirst = useMemo(() => entries.slice(-shown).reverse(), [entries, shown]);
  const hidden = entries.length - newestFirst.length;
  useLayoutEffect(() => {
    performance.measure('practice-mine-render', { start: started });
  });

  const remove = async (entry: LogEntry) => {
    setBusy(true);
    setError(null);
    try {
      if (entry.id === null) await deleteQueuedRepetition(db, entry.client_id);
      else await deleteRepetition(userId, entry.id, entry.client_id);
      setAsked(null);
    } catch (failure) {
      const apiError = toApiError(failure);
      setError(apiError.reason === 'network' ? 'Deleting needs a connection to the server. Try again when online.' : apiError.message);
      setAsked(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
        {drill.name}
      </Typography>
      <Typography>{`${targetText(drill)} · ${proficiencyLine(drill, entries)}`}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {entries.length === 0 ? (
        <Typography>No repetitions of this drill yet.</Typography>
      ) : (
        <>
          <Box component="figure" aria-label={`Learning curve: score against repetition, ${targetText(drill)}`} sx={{ m: 0, minHeight: 300 }}>
            <Suspense fallback={<CircularProgress aria-label="Loading the learning curve" />}>
              <LearningCurve entries={entries} targetSeconds={drill.target_seconds} />
            </Suspense>
          </Box>
          <RepetitionTable entries={newestFirst} onDelete={setAsked} />
          {hidden > 0 && (
            <Button variant="outlined" onClick={() => setShown((n) => n + LIST_PAGE)} sx={{ alignSelf: 'flex-start' }}>
              {`Show ${Math.min(LIST_PAGE, hidden)} older (${hidden} not shown)`}
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        open={asked !== null}
        title="Delete this repetition?"
        message={asked ? `The repetition of ${formatDateTime(asked.performed_at)} (score ${formatSeconds(asked.scoreMs)}) will be deleted for good.` : ''}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => asked && void remove(asked)}
        onCancel={() => setAsked(null)}
      />
    </Stack>
  );
}

const cell = { padding: '6px 8px', borderBottom: '1px solid rgba(0,0,0,0.12)', textAlign: 'left' as const, verticalAlign: 'top' as const };

/** 'Time 36.0 s + 1 × Peg dropped outside the field (+10 s)'. */
const breakdownText = (entry: LogEntry) =>
  [`Time ${formatSeconds(entry.timeMs)}`, ...entry.penalties.map((p) => `${p.count} × ${p.label} (+${p.seconds * p.count} s)`)].join(' + ');

/** The repetitions, newest first: plain rows, rendered again only when the list changes. */
const RepetitionTable = memo(function RepetitionTable({ entries, onDelete }: { entries: LogEntry[]; onDelete: (entry: LogEntry) => void }) {
  return (
    <Box
      sx={{
        width: '100%',
        overflowX: 'auto',
        '& small': { display: 'block', color: 'text.secondary' },
        '& button': {
          minHeight: 44,
          px: 1.5,
          font: 'inherit',
          cursor: 'pointer',
          color: 'error.main',
          bgcolor: 'transparent',
          border: 1,
          borderColor: 'error.main',
          borderRadius: 1,
        },
        '& button:focus-visible': { outline: '3px solid #c9a227', outlineOffset: 2 },
      }}
    >
      <table aria-label="Repetitions, newest first" style={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.95rem' }}>
        <thead>
          <tr>
            <th style={cell}>Date</th>
            <th style={cell}>Score</th>
            <th style={cell}>Result</th>
            <th style={cell}>Status</th>
            <th style={cell}>
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.client_id}>
              <td style={cell}>{formatDateTime(entry.performed_at)}</td>
              <td style={cell}>
                {formatSeconds(entry.scoreMs)}
                <small>{breakdownText(entry)}</small>
              </td>
              <td style={cell}>{entry.passed ? 'Pass' : 'Not yet'}</td>
              <td style={cell}>{statusText(entry)}</td>
              <td style={cell}>
                {entry.verifiedBy === null && entry.state !== 'sending' && (
                  <button type="button" onClick={() => onDelete(entry)} aria-label={`Delete the repetition of ${formatDateTime(entry.performed_at)}`}>
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
});

function statusText(entry: LogEntry): string {
  if (entry.verifiedBy !== null) return `Verified by ${entry.verifiedBy}`;
  if (entry.state === 'synced') return 'Synced';
  if (entry.state === 'rejected') return `Not accepted: ${entry.lastError ?? 'refused by the server'}`;
  return 'Waiting to sync';
}
