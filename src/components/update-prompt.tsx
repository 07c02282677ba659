import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { applyUpdate, dismissUpdate, useUpdatePromptVisible } from '../lib/sw-bridge';
import { useOpenedOnce } from './opened-once';

const Snackbar = lazy(() => import('@mui/material/Snackbar'));

/** Non-blocking prompt when a new version is waiting; reloads only when the user asks. */
export function UpdatePrompt() {
  const visible = useUpdatePromptVisible();
  const shown = useOpenedOnce(visible);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}
