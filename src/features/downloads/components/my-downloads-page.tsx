import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../components/router-link';
import type { OfflineBook } from '../../../lib/db';
import { useStoredUser } from '../../../lib/session';
import { removeOfflineBook } from '../db/downloads';
import { setVideoDownloaded } from '../download/download-book';
import { useDownloadProgress } from '../download/download-progress';
import { estimateStorage, formatBytes, type PersistenceState, readPersistence, type StorageEstimateInfo } from '../download/storage';
import { useOfflineBooks } from '../hooks/use-downloads';
import { AvailableOfflineChip } from './download-button';
import { StorageNotice } from './storage-notice';
import { formatDateTime } from '../../../lib/dates';

const fileName = (url: string) => decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? url);

function DownloadedBook({ copy }: { copy: OfflineBook }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const progress = useDownloadProgress(copy.userId, copy.bookId);
  const videos = copy.media.filter((m) => m.kind === 'video');
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const titleId = `download-${copy.bookId}-title`;
  return (
    <Card component="li" aria-labelledby={titleId} sx={{ listStyle: 'none' }}>
      <CardContent>
        <Stack spacing={1}>
          <Typography id={titleId} variant="h3" sx={{ fontSize: '1.15rem' }}>
            <RouterLink to="/book/$bookId" params={{ bookId: copy.bookId }}>
              {copy.book.title}
            </RouterLink>
          </Typography>
          {copy.status === 'complete' ? (
            <AvailableOfflineChip />
          ) : (
            <Typography variant="body2" color="warning.main">
              Download interrupted{copy.error ? `: ${copy.error}` : ''} — not available offline. Open the book to resume.
            </Typography>
          )}
          <Typography variant="body2">Size: {formatBytes(copy.sizeBytes)}</Typography>
          <Typography variant="body2">Last update: {copy.downloadedAt ? formatDateTime(copy.downloadedAt) : 'not finished'}</Typography>
          {videos.length > 0 && (
            <Stack component="ul" aria-label={`Videos of ${copy.book.title}`} spacing={0.5} sx={{ pl: 0, m: 0, listStyle: 'none' }}>
              {videos.map((video) => (
                <Stack component="li" key={video.url} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2">
                    Video {fileName(video.url)} ({formatBytes(video.bytes)}){video.stored ? ' — on this device' : ''}
                  </Typography>
                  {copy.status === 'complete' && (
                    <Button
                      size="small"
                      disabled={busy || progress !== null}
                      onClick={() => void run(() => setVideoDownloaded(copy.userId, copy.bookId, video.url, !video.stored))}
                    >
                      {video.stored ? 'Remove video' : 'Download video'}
                    </Button>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <div>
            <Button color="error" variant="outlined" size="small" disabled={busy} onClick={() => void run(() => removeOfflineBook(copy.userId, copy.bookId))}>
              Remove download
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** 'My downloads': the user's downloaded books with size, last update and 'Remove download'; storage used and left; then `syncStatus` (the route puts the score sync there). */
export function MyDownloadsPage({ syncStatus }: { syncStatus?: ReactNode }) {
  const user = useStoredUser();
  const copies = useOfflineBooks();
  const [estimate, setEstimate] = useState<StorageEstimateInfo | null>(null);
  const [persistence, setPersistence] = useState<PersistenceState | null>(null);
  const totalBytes = copies?.reduce((sum, copy) => sum + copy.sizeBytes, 0) ?? 0;

  useEffect(() => {
    void estimateStorage().then(setEstimate);
    void readPersistence().then(setPersistence);
  }, [totalBytes]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>My downloads</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 2 }}>
        My downloads
      </Typography>
      <Stack spacing={3}>
        <Stack spacing={1} component="section" aria-label="Storage">
          <Typography>
            Downloaded books use {formatBytes(totalBytes)}.
            {estimate &&
              estimate.quota > 0 &&
              ` This app uses ${formatBytes(estimate.usage)} of storage on this device; about ${formatBytes(Math.max(0, estimate.quota - estimate.usage))} is available.`}
          </Typography>
          <StorageNotice persistence={persistence} />
        </Stack>
        {copies === undefined ? (
          <Typography role="status">Loading your downloads...</Typography>
        ) : copies.length === 0 ? (
          <Typography>
            You have not downloaded any books yet. Open a book in <RouterLink to="/books">Books</RouterLink> and choose &lsquo;Download for offline&rsquo;.
          </Typography>
        ) : (
          <Stack component="ul" spacing={2} aria-label="Downloaded books" sx={{ p: 0, m: 0 }}>
            {copies.map((copy) => (
              <DownloadedBook key={copy.bookId} copy={copy} />
            ))}
          </Stack>
        )}
        {user && syncStatus}
      </Stack>
    </Container>
  );
}
