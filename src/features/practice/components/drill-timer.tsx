/**
 * Timing one repetition of a drill (issue 37), for a phone propped beside the trainer and gloved
 * hands: a full-width Start/Stop button (96 px high; the space bar too, outside text fields and
 * buttons, which space presses by itself), the clock large enough to read at arm's length, the
 * screen kept awake while it runs. After Stop: the drill's penalties with − and + steppers, the
 * score and Pass / Not yet live, then Discard or Save. Save writes the repetition to IndexedDB
 * first and only then says 'Saved'.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { formatClock, formatSeconds, isPass, scoreOf, type Drill, type PenaltyCount } from '../../../contract/practice';
import { db } from '../../../lib/db';
import { writeRepetition } from '../db/practice-log';
import { useStopwatch, useWakeLock } from '../use-stopwatch';

const NO_SPACE_TOGGLE = 'input, textarea, select, button, a, [contenteditable="true"], [role="textbox"]';

export interface DrillTimerProps {
  userId: number;
  drill: Drill;
  /** Repetitions of the drill the user has (server and device): Start is off at the drill's cap. */
  repetitionsDone: number;
}

export function DrillTimer({ userId, drill, repetitionsDone }: DrillTimerProps) {
  const stopwatch = useStopwatch();
  const [stoppedAt, setStoppedAt] = useState<{ timeMs: number; performedAt: string } | null>(null);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [saved, setSaved] = useState<{ scoreMs: number; passed: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useWakeLock(stopwatch.running);

  const capped = drill.max_repetitions !== null && repetitionsDone >= drill.max_repetitions;
  const penalties: PenaltyCount[] = drill.penalties.map((p) => ({ penalty: p.id, count: counts[p.id] ?? 0 })).filter((p) => p.count > 0);
  const scoreMs = stoppedAt ? scoreOf(stoppedAt.timeMs, penalties, drill.penalties) : 0;
  const passed = isPass(scoreMs, drill.target_seconds);

  const start = () => {
    if (capped) return;
    setSaved(null);
    setError(null);
    setCounts({});
    setStoppedAt(null);
    stopwatch.start();
  };
  const stop = () => setStoppedAt({ timeMs: stopwatch.stop(), performedAt: new Date().toISOString() });
  const discard = () => {
    setStoppedAt(null);
    setCounts({});
    stopwatch.reset();
  };
  const save = async () => {
    if (!stoppedAt) return;
    setSaving(true);
    setError(null);
    try {
      await writeRepetition(db, { userId, drill, timeMs: stoppedAt.timeMs, penalties, performedAt: stoppedAt.performedAt });
      setSaved({ scoreMs, passed });
      discard();
    } catch (failure) {
      console.error('The repetition could not be stored', failure);
      setError('This repetition could not be stored on the device. Try Save again.');
    } finally {
      setSaving(false);
    }
  };

  const toggle = stopwatch.running ? stop : start;
  // The space bar starts and stops, except where it types or presses a button itself.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      if (event.repeat || (event.target instanceof Element && event.target.closest(NO_SPACE_TOGGLE))) return;
      if (!stopwatch.running && (stoppedAt || capped)) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <Stack spacing={2.5}>
      <Typography
        role="timer"
        aria-label="Time"
        data-testid="practice-clock"
        sx={{ fontSize: { xs: '4.5rem', sm: '6rem' }, fontWeight: 700, textAlign: 'center', fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 }}
      >
        {formatClock(stoppedAt ? stoppedAt.timeMs : stopwatch.elapsedMs)}
      </Typography>
      {!stoppedAt && (
        <Button
          variant="contained"
          color={stopwatch.running ? 'error' : 'primary'}
          disabled={capped && !stopwatch.running}
          onClick={toggle}
          fullWidth
          sx={{ minHeight: 96, fontSize: '2rem', '&.Mui-focusVisible': { outline: '4px solid #c9a227', outlineOffset: 3 } }}
        >
          {stopwatch.running ? 'Stop' : 'Start'}
        </Button>
      )}
      {capped && !stopwatch.running && !stoppedAt && (
        <Alert severity="info">{`You have done the ${drill.max_repetitions} repetitions this drill allows.`}</Alert>
      )}
      {stoppedAt && (
        <Stack spacing={2} component="section" aria-label="This repetition">
          {drill.penalties.map((penalty) => {
            const count = counts[penalty.id] ?? 0;
            const set = (next: number) => setCounts((old) => ({ ...old, [penalty.id]: Math.max(0, Math.min(99, next)) }));
            return (
              <Stack key={penalty.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ flex: 1 }}>
                  {penalty.label} <Box component="span" sx={{ color: 'text.secondary' }}>{`(+${penalty.seconds} s each)`}</Box>
                </Typography>
                <IconButton
                  aria-label={`One fewer: ${penalty.label}`}
                  disabled={count === 0}
                  onClick={() => set(count - 1)}
                  sx={{ width: 48, height: 48, border: 1 }}
                >
                  −
                </IconButton>
                <Typography aria-label={`${penalty.label}: ${count}`} sx={{ minWidth: 32, textAlign: 'center', fontSize: '1.5rem' }}>
                  {count}
                </Typography>
                <IconButton aria-label={`One more: ${penalty.label}`} onClick={() => set(count + 1)} sx={{ width: 48, height: 48, border: 1 }}>
                  +
                </IconButton>
              </Stack>
            );
          })}
          <Typography data-testid="practice-score" sx={{ fontSize: '1.5rem', fontWeight: 600 }}>
            {`Score ${formatSeconds(scoreMs)} — ${passed ? 'Pass' : 'Not yet'}`}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button variant="outlined" onClick={discard} disabled={saving} sx={{ flex: 1, minHeight: 56 }}>
              Discard
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={saving} sx={{ flex: 1, minHeight: 56 }}>
              Save
            </Button>
          </Stack>
        </Stack>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Box aria-live="polite" role="status">
        {saved && <Alert severity="success">{`Saved: score ${formatSeconds(saved.scoreMs)} — ${saved.passed ? 'Pass' : 'Not yet'}.`}</Alert>}
      </Box>
    </Stack>
  );
}
