import { Suspense, useEffect } from 'react';
import { afterFirstPage } from '../../../lib/first-page';
import { lazyModule, useOpenedOnce } from '../../../lib/lazy-part';
import { useLogoutQuestion } from '../auth-store';

/** The sentence about unsynced scores, e.g. "2 quiz scores on this device have not been sent yet." */
export function pendingScoresSentence(count: number): string {
  return count === 1
    ? '1 quiz score on this device has not been sent yet.'
    : `${count} quiz scores on this device have not been sent yet.`;
}

/** What happens to unsent scores at logout: they are kept for this user, never lost or sent by another. */
export const LOGOUT_PENDING_TEXT =
  'If you log out now, they stay on this device and are sent the next time you sign in here; nobody else who signs in on this device can see or send them. To send them now, stay signed in and connect to the internet.';

const dialogModule = lazyModule(() => import('./logout-confirmation-dialog'), 'the logout question');
const LogoutConfirmationDialog = dialogModule.part('LogoutConfirmationDialog');

/**
 * The question asked at logout while quiz scores wait to sync (logout-confirmation-dialog.tsx).
 * Rendered once by the root route, so it survives the navbar drawer closing. MUI's dialog
 * loads once `pendingScores` (scores waiting on this device, the only time it is asked) is
 * above 0 and the page is shown, not with every page.
 */
export function LogoutConfirmation({ pendingScores }: { pendingScores: number }) {
  const pending = useLogoutQuestion();
  const asked = useOpenedOnce(pending !== null);
  useEffect(() => {
    if (pendingScores > 0) afterFirstPage(dialogModule.preload);
  }, [pendingScores]);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <LogoutConfirmationDialog pending={pending} />
    </Suspense>
  );
}
