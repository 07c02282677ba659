import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { syncNow, useSyncStatus } from '../outbox-sync';
import { usePendingScores } from '../start-when-signed-in';

/** The dashboard's line on the scores waiting to sync, with 'Sync now' while some wait. */
export function PendingScoresSummary() {
  const pending = usePendingScores();
  const { running } = useSyncStatus();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
      <Typography role="status">
        {pending === 0
          ? 'All your quiz scores have reached the server.'
          : `${pending} quiz ${pending === 1 ? 'score has' : 'scores have'} not reached the server yet.`}
      </Typography>
      {pending > 0 && (
        <Button variant="contained" disabled={running} onClick={() => void syncNow()}>
          {running ? 'Syncing...' : 'Sync now'}
        </Button>
      )}
    </Stack>
  );
}
