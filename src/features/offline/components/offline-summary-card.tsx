import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { RouterButton } from '../../../components/router-link';
import { useOfflineBooks } from '../hooks/use-downloads';
import { usePendingScoreCount } from '../hooks/use-outbox';
import { syncNow, useSyncStatus } from '../sync/outbox-sync';

/** The dashboard's card: books on this device, scores waiting to sync, 'Sync now' and the way to My downloads. */
export function OfflineSummaryCard() {
  const id = useId();
  const copies = useOfflineBooks();
  const pending = usePendingScoreCount();
  const { running } = useSyncStatus();
  const available = copies?.filter((copy) => copy.status === 'complete').length ?? 0;
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
          On this device
        </Typography>
        <Stack spacing={1}>
          <Typography>{available === 1 ? '1 book is available offline.' : `${available} books are available offline.`}</Typography>
          <Typography role="status">
            {pending === 0 ? 'All your quiz scores have reached the server.' : `${pending} quiz ${pending === 1 ? 'score has' : 'scores have'} not reached the server yet.`}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <RouterButton to="/downloads" variant="outlined">
              My downloads
            </RouterButton>
            {pending > 0 && (
              <Button variant="contained" disabled={running} onClick={() => void syncNow()}>
                {running ? 'Syncing...' : 'Sync now'}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
