import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { RouterButton } from '../../../components/router-link';
import { useOfflineBooks } from '../hooks/use-downloads';

/** The dashboard's card: books on this device, the way to My downloads, and `scores` (the route puts the score sync's summary there). */
export function OfflineSummaryCard({ scores }: { scores?: ReactNode }) {
  const id = useId();
  const copies = useOfflineBooks();
  const available = copies?.filter((copy) => copy.status === 'complete').length ?? 0;
  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
          On this device
        </Typography>
        <Stack spacing={1}>
          <Typography>{available === 1 ? '1 book is available offline.' : `${available} books are available offline.`}</Typography>
          {scores}
          <RouterButton to="/downloads" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            My downloads
          </RouterButton>
        </Stack>
      </CardContent>
    </Card>
  );
}
