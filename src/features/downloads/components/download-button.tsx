import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useOnlineStatus } from '../../../lib/online-status';
import { useStoredUser } from '../../../lib/session';
import { removeOfflineBook } from '../db/downloads';
import { useDownloadProgress } from '../download/download-progress';
import { useOfflineBook } from '../hooks/use-downloads';
import { DownloadControlPlace } from './download-control-place';

// The download itself (the book's schemas, the media fetching) loads when a download is asked for.
const DownloadDialog = lazy(() => import('./download-dialog').then((m) => ({ default: m.DownloadDialog })));

const AVAILABLE_OFFLINE = 'Available offline';

/** The 'Available offline' mark of a complete copy. */
export function AvailableOfflineChip() {
  return <Chip icon={<OfflinePinOutlined />} label={AVAILABLE_OFFLINE} color="success" variant="outlined" size="small" />;
}

/**
 * A book's download control, in the reader and on book cards: 'Download for offline', the
 * progress of a running download, 'Available offline' once complete, or an interrupted
 * download with 'Resume' and 'Remove download' (never shown as available).
 */
export function DownloadButton({ bookId, bookTitle, compact = false }: { bookId: number; bookTitle: string; compact?: boolean }) {
  const userId = useStoredUser()?.user_id ?? null;
  const copy = useOfflineBook(bookId);
  const progress = useDownloadProgress(userId, bookId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const online = useOnlineStatus();
  // On a card the small buttons of MUI; in the reader the height of its other buttons (44 px, a finger's).
  const size = compact ? 'small' : 'medium';
  const buttonSx = compact ? undefined : { minHeight: 44 };
  if (userId === null) return null;
  if (copy === undefined) return <DownloadControlPlace size={size} />;

  const remove = async () => {
    setRemoving(true);
    try {
      await removeOfflineBook(userId, bookId);
    } finally {
      setRemoving(false);
    }
  };
  const dialog = dialogOpen && (
    <Suspense fallback={null}>
      <DownloadDialog userId={userId} bookId={bookId} bookTitle={bookTitle} onClose={() => setDialogOpen(false)} />
    </Suspense>
  );

  // The dialog stays at one place in the tree whatever the state shows, so it is not remounted
  // (and the download it started not forgotten) when the progress or the copy changes.
  let content;
  if (progress && !progress.url) {
    const percent = progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
    content = (
      <Stack spacing={0.5} sx={{ minWidth: 160 }}>
        <LinearProgress variant="determinate" value={percent} aria-label={`Downloading ${bookTitle}`} />
        <Typography variant="body2">Downloading... {percent}%</Typography>
      </Stack>
    );
  } else if (copy?.status === 'complete') {
    content = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <AvailableOfflineChip />
        {!compact && (
          <Button size={size} sx={buttonSx} color="error" disabled={removing} onClick={() => void remove()}>
            Remove download
          </Button>
        )}
      </Stack>
    );
  } else if (copy?.status === 'downloading') {
    content = (
      <Stack spacing={0.5}>
        <Typography variant="body2" role="status">
          Download interrupted{copy.error ? `: ${copy.error}` : '.'} Not available offline.
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size={size} sx={buttonSx} variant="outlined" onClick={() => setDialogOpen(true)}>
            Resume download
          </Button>
          <Button size={size} sx={buttonSx} color="error" disabled={removing} onClick={() => void remove()}>
            Remove download
          </Button>
        </Stack>
      </Stack>
    );
  } else if (!online) {
    content = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Not downloaded: needs a connection.
      </Typography>
    );
  } else {
    content = (
      <Button
        size={size}
        sx={buttonSx}
        variant="outlined"
        startIcon={<CloudDownloadOutlined />}
        onClick={() => setDialogOpen(true)}
        aria-label={compact ? `Download for offline: ${bookTitle}` : undefined}
      >
        Download for offline
      </Button>
    );
  }
  return (
    <>
      {content}
      {dialog}
    </>
  );
}
