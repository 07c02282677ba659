import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { toApiError } from '../../../lib/api-error';
import { type DownloadPlan, downloadBook, planDownload, plannedBytes } from '../download/download-book';
import { useDownloadProgress } from '../download/download-progress';
import { estimateStorage, formatBytes, lacksRoomFor, type PersistenceState, requestPersistentStorage, type StorageEstimateInfo } from '../download/storage';
import { StorageNotice } from './storage-notice';

const fileName = (url: string) => decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? url);

type Phase =
  { kind: 'planning' } | { kind: 'ready' } | { kind: 'downloading' } | { kind: 'done'; persistence: PersistenceState } | { kind: 'failed'; message: string };

/**
 * 'Download for offline': the size first (text, images, each video with its own choice), a
 * warning when the storage estimate leaves too little room, then the download with progress.
 */
export function DownloadDialog({ userId, bookId, bookTitle, onClose }: { userId: number; bookId: number; bookTitle: string; onClose: () => void }) {
  const id = useId();
  const [plan, setPlan] = useState<DownloadPlan | null>(null);
  const [estimate, setEstimate] = useState<StorageEstimateInfo | null>(null);
  const [videos, setVideos] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'planning' });
  const progress = useDownloadProgress(userId, bookId);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([planDownload(bookId, controller.signal), estimateStorage()])
      .then(([planned, storage]) => {
        setPlan(planned);
        setEstimate(storage);
        setPhase({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = toApiError(error);
        setPhase({
          kind: 'failed',
          message: failure.reason === 'network' ? 'Downloading needs a connection. Connect to the internet and try again.' : failure.message,
        });
      });
    return () => controller.abort();
  }, [bookId]);

  const start = async () => {
    if (!plan) return;
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'downloading' });
    try {
      await downloadBook({ userId, plan, videoUrls: videos, signal: controller.signal });
      setPhase({ kind: 'done', persistence: await requestPersistentStorage() });
    } catch (error) {
      setPhase({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const total = plan ? plannedBytes(plan, videos) : 0;
  const imagesBytes = plan ? plan.images.reduce((sum, m) => sum + (m.bytes ?? 0), 0) : 0;
  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;

  return (
    <Dialog open onClose={phase.kind === 'downloading' ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>Download for offline</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography sx={{ fontWeight: 600 }}>{bookTitle}</Typography>
          {phase.kind === 'planning' && (
            <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-hidden />
              <Typography>Checking the size of the download...</Typography>
            </Stack>
          )}
          {plan && phase.kind !== 'planning' && (
            <Stack spacing={1} component="section" aria-label="Download size">
              <Typography>Text, chapters and quiz: {formatBytes(plan.textBytes)}</Typography>
              <Typography>
                Images ({plan.images.length}): {formatBytes(imagesBytes)}
              </Typography>
              {plan.videos.length > 0 && (
                <Stack>
                  <Typography>Videos (each downloaded only if you choose it):</Typography>
                  {plan.videos.map((video) => (
                    <FormControlLabel
                      key={video.url}
                      disabled={phase.kind !== 'ready'}
                      control={
                        <Checkbox
                          checked={videos.includes(video.url)}
                          onChange={(event) => setVideos((chosen) => (event.target.checked ? [...chosen, video.url] : chosen.filter((u) => u !== video.url)))}
                        />
                      }
                      label={`Video ${fileName(video.url)} (${formatBytes(video.bytes)})`}
                    />
                  ))}
                </Stack>
              )}
              <Typography sx={{ fontWeight: 600 }}>Total: {formatBytes(total)}</Typography>
              {lacksRoomFor(total, estimate) && (
                <Alert severity="warning">
                  This device may not have room for this download: about {formatBytes(Math.max(0, estimate!.quota - estimate!.usage))} of storage is left.
                </Alert>
              )}
            </Stack>
          )}
          {phase.kind === 'downloading' && (
            <Stack spacing={1}>
              <LinearProgress variant="determinate" value={percent} aria-label="Download progress" />
              <Typography role="status">Downloading... {percent}%</Typography>
            </Stack>
          )}
          {phase.kind === 'done' && (
            <>
              <Alert severity="success">Available offline</Alert>
              <StorageNotice persistence={phase.persistence} />
            </>
          )}
          {phase.kind === 'failed' && (
            <Alert severity="error" role="alert">
              {phase.message} The book is not available offline.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {phase.kind === 'downloading' ? (
          <Button onClick={() => abort.current?.abort()}>Stop download</Button>
        ) : (
          <Button onClick={onClose}>{phase.kind === 'done' ? 'Close' : 'Cancel'}</Button>
        )}
        {(phase.kind === 'ready' || (phase.kind === 'failed' && plan)) && (
          <Button variant="contained" onClick={() => void start()}>
            {phase.kind === 'failed' ? 'Try again' : 'Start download'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
