/** /practice (issue 37): the drills with their target and the user's proficiency, read from the device first. */
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { DrillStaffActions } from '../admin/drill-staff-actions';
import { noDrillsText, useDrills, usePracticeLog } from '../use-practice';
import { proficiencyLine, targetText } from './drill-status';

const NO_ENTRIES: never[] = [];

export function PracticePage({ userId }: { userId: number }) {
  const { drills, refreshFailed } = useDrills(userId);
  const log = usePracticeLog(userId);
  if (!drills) return <CircularProgress aria-label="Loading the drills" />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5}>
        <RouterButton to="/practice/mine" variant="outlined">
          My practice
        </RouterButton>
        <DrillStaffActions />
      </Stack>
      {drills.length === 0 ? (
        <Alert severity="info">{noDrillsText(refreshFailed)}</Alert>
      ) : (
        <List aria-label="Drills">
          {drills.map((drill) => (
            <ListItem key={drill.id} divider disableGutters>
              <ListItemText
                primary={
                  <RouterLink to="/practice/$drillId" params={{ drillId: String(drill.id) }} sx={{ fontSize: '1.2rem', fontWeight: 600 }}>
                    {drill.name}
                  </RouterLink>
                }
                secondary={`${targetText(drill)} · ${proficiencyLine(drill, log?.get(drill.id) ?? NO_ENTRIES)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Score = time + penalties; a pass is a score at or under the target.
      </Typography>
    </Stack>
  );
}
