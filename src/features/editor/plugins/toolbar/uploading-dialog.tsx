import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** SPEC §2: while a video uploads a modal shows (the editor is read-only meanwhile). */
export function UploadingDialog({ open, progress }: { open: boolean; progress: number }) {
  const id = useId();
  return (
    <Dialog open={open} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>Uploading video...</DialogTitle>
      <DialogContent>
        <LinearProgress variant="determinate" value={progress} aria-label="Video upload progress" sx={{ mb: 1 }} />
        <Typography variant="body2" role="status">
          {progress}% — please keep this page open.
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
