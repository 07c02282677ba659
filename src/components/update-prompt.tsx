import { Suspense } from 'react';
import { lazyModule, useOpenedOnce } from '../lib/lazy-part';
import { useUpdatePromptVisible } from '../lib/sw-bridge';

// MUI's Snackbar and its transitions load when a new version waits, not with every page.
const UpdateSnackbar = lazyModule(() => import('./update-snackbar'), 'the update prompt').part('UpdateSnackbar');

/** Non-blocking prompt when a new version is waiting; reloads only when the user asks. */
export function UpdatePrompt() {
  const visible = useUpdatePromptVisible();
  const shown = useOpenedOnce(visible);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <UpdateSnackbar open={visible} />
    </Suspense>
  );
}
