import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';

export interface DraftOfferAlertProps {
  /** The offer's sentence, e.g. 'You have an unsaved draft of this quiz from …'. */
  message: string;
  onRestore: () => void;
  onDiscard: () => void;
  sx?: SxProps<Theme>;
}

/** The offer of an autosaved draft kept on this device: 'Restore draft' / 'Discard' (chapter and quiz editors). */
export function DraftOfferAlert({ message, onRestore, onDiscard, sx }: DraftOfferAlertProps) {
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" variant="outlined" onClick={onRestore}>
            Restore draft
          </Button>
          <Button color="inherit" size="small" onClick={onDiscard}>
            Discard
          </Button>
        </Stack>
      }
      sx={[{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {message}
    </Alert>
  );
}
