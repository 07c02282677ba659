import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { applyUpdate, dismissUpdate } from '../lib/sw-bridge';

/** The prompt itself (update-prompt.tsx loads it once a new version waits). */
export function UpdateSnackbar({ open }: { open: boolean }) {
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="A new version is available"
      action={
        <>
          <Button color="inherit" size="small" onClick={dismissUpdate}>
            Later
          </Button>
          <Button variant="contained" color="secondary" size="small" onClick={applyUpdate}>
            Reload
          </Button>
        </>
      }
    />
  );
}
