import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { lazyModule } from '../../../lib/lazy-part';
import { useOnlineStatus } from '../../../lib/online-status';
import { useStoredUser } from '../../../lib/session';
import { removeOfflineBook } from '../db/downloads';
import { useDownloadProgress } from '../download/download-progress';
import { useOfflineBook } from '../hooks/use-downloads';
import { DownloadForOfflineButton } from './download-for-offline-button';

// The dialog and the download's code (the book's schemas with zod, the media fetching) load when
// a download is asked for, not with every card of the list: pointing at or focusing the button
// starts loading them.
const dialogModule = lazyModule(() => import('./download-dialog'), 'the download dialog');
const DownloadDialog = dialogModule.part('DownloadDialog');
const preloadDownloadDialog = dialogModule.preload;

export const AVAILABLE_OFFLINE = 'Available offline';

/**
 * While the dialog's code loads (on a slow network): the page dims at once, as under the dialog,
 * and says it is loading. (MUI's Backdrop here split the Modal chunk every page loads in two.)
 */
function DialogLoading() {
  return (
    <Box
      sx={{ position: 'fixed', inset: 0, zIndex: (theme) => theme.zIndex.modal, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(0, 0, 0, 0.5)' }}
    >
      <Paper role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 3, py: 2 }}>
        <CircularProgress size={22} aria-hidden />
        <Typography>Loading...</Typography>
      </Paper>
    </Box>
  );
}

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
  if (userId === null || copy === undefined) return null;

  const remove = async () => {
    setRemoving(true);
    try {
      await removeOfflineBook(userId, bookId);
    } finally {
      setRemoving(false);
    }
  };
  const dialog = dialogOpen && (
    <Suspense fallback={<DialogLoading />}>
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
          <Button size="small" color="error" disabled={removing} onClick={() => void remove()}>
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
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onPointerEnter={preloadDownloadDialog} onFocus={preloadDownloadDialog} onClick={() => setDialogOpen(true)}>
            Resume download
          </Button>
          <Button size="small" color="error" disabled={removing} onClick={() => void remove()}>
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
    content = <DownloadForOfflineButton bookTitle={bookTitle} compact={compact} onPreload={preloadDownloadDialog} onOpen={() => setDialogOpen(true)} />;
  }
  return (
    <>
      {content}
      {dialog}
    </>
  );
}
