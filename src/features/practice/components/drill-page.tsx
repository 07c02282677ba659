/** /practice/$drillId (issue 37): the drill's name, target, proficiency and instructions, and its timer. Works offline once the drill is stored. */
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../components/router-link';
import { DrillStaffActions } from '../admin/drill-staff-actions';
import { useDrills, usePendingRepetitions, usePracticeLog } from '../use-practice';
import { DrillTimer } from './drill-timer';
import { proficiencyLine, targetText } from './drill-status';

export interface DrillPageProps {
  userId: number;
  drillId: number;
  /** The instructions' rich text, read-only (the route passes the reader's chapter view). */
  renderInstructions: (content: unknown, label: string) => ReactNode;
}

export function DrillPage({ userId, drillId, renderInstructions }: DrillPageProps) {
  const { drills } = useDrills(userId);
  const log = usePracticeLog(userId);
  const waiting = usePendingRepetitions(userId);
  if (!drills || !log) return <CircularProgress aria-label="Loading the drill" />;
  const drill = drills.find((d) => d.id === drillId);
  if (!drill) {
    return <Alert severity="warning">This drill is not on this device. Open Practice while connected to load the drills.</Alert>;
  }
  const entries = log.get(drill.id) ?? [];
  return (
    <Stack spacing={2}>
      <title>{`${drill.name} — Practice`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
        {drill.name}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{targetText(drill)}</Typography>
      <Typography>{proficiencyLine(drill, entries)}</Typography>
      <DrillTimer userId={userId} drill={drill} repetitionsDone={entries.length} />
      {waiting > 0 && <Typography variant="body2">{`${waiting} ${waiting === 1 ? 'repetition' : 'repetitions'} waiting to sync`}</Typography>}
      <RouterLink to="/practice/mine" search={{ drill: drill.id }}>
        My practice: all repetitions and the learning curve
      </RouterLink>
      <Stack direction="row">
        <DrillStaffActions drillId={drill.id} />
      </Stack>
      {drill.instructions ? (
        <section aria-label="Instructions">
          <Typography variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
            Instructions
          </Typography>
          {renderInstructions(drill.instructions, `Instructions: ${drill.name}`)}
        </section>
      ) : null}
    </Stack>
  );
}
