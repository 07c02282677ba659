import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { applyUpdate, dismissUpdate, useUpdatePromptVisible } from '../lib/sw-bridge';

/** Non-blocking prompt when a new version is waiting; reloads only when the user asks. */
export function UpdatePrompt() {
  const visible = useUpdatePromptVisible();
  return (
    <Snackbar
      open={visible}
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
