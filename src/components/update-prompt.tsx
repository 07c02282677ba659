import { lazy, Suspense, useState } from 'react';
import { useUpdatePromptVisible } from '../lib/sw-bridge';

// MUI's Snackbar and its transitions load when a new version waits, not with every page.
const UpdateSnackbar = lazy(() => import('./update-snackbar').then((m) => ({ default: m.UpdateSnackbar })));

/** Non-blocking prompt when a new version is waiting; reloads only when the user asks. */
export function UpdatePrompt() {
  const visible = useUpdatePromptVisible();
  // Rendered from the first time it is shown on, so that it can close with its transition.
  const [shown, setShown] = useState(false);
  if (visible && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <UpdateSnackbar open={visible} />
    </Suspense>
  );
}
