import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { lazy, Suspense, useId } from 'react';
import { useOpenedOnce } from '../../../components/opened-once';
import { useLogoutQuestion } from '../auth-store';
import { useLogout } from '../use-logout';

const Dialog = lazy(() => import('@mui/material/Dialog'));

/** The sentence about unsynced scores, e.g. "2 quiz scores on this device have not been sent yet." */
export function pendingScoresSentence(count: number): string {
  return count === 1 ? '1 quiz score on this device has not been sent yet.' : `${count} quiz scores on this device have not been sent yet.`;
}

/** What happens to unsent scores at logout: they are kept for this user, never lost or sent by another. */
export const LOGOUT_PENDING_TEXT =
  'If you log out now, they stay on this device and are sent the next time you sign in here; nobody else who signs in on this device can see or send them. To send them now, stay signed in and connect to the internet.';

/**
 * Asked before logging out while quiz scores wait to sync: they are kept on the device for
 * this user (the outbox rows carry the user id) and sent after the same user's next sign-in,
 * but not before. Staying signed in is the default (focused) choice. Rendered once by the root
 * route, so it survives the navbar drawer closing; the auth store holds the question.
 */
export function LogoutConfirmation() {
  const id = useId();
  const pending = useLogoutQuestion();
  const { logout, cancelLogout } = useLogout();
  const asked = useOpenedOnce(pending !== null);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <Dialog open={pending !== null} onClose={cancelLogout} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <DialogTitle id={`${id}-title`}>Quiz scores not synced yet</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>
            {pendingScoresSentence(pending ?? 0)} {LOGOUT_PENDING_TEXT}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={cancelLogout} variant="contained" autoFocus>
            Stay signed in
          </Button>
          <Button onClick={() => void logout()} color="error">
            Log out anyway
          </Button>
        </DialogActions>
      </Dialog>
    </Suspense>
  );
}
