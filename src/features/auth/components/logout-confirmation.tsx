import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useLogoutQuestion } from '../auth-store';
import { useLogout } from '../use-logout';

/** The sentence about unsynced scores, e.g. "2 quiz scores on this device have not been sent yet." */
export function pendingScoresSentence(count: number): string {
  return count === 1
    ? '1 quiz score on this device has not been sent yet.'
    : `${count} quiz scores on this device have not been sent yet.`;
}

/**
 * Asked before logging out while quiz scores wait to sync: on a shared ward tablet, signing
 * out would lose them. Staying signed in is the default (focused) choice. Rendered once by
 * the root route, so it survives the navbar drawer closing.
 */
export function LogoutConfirmation() {
  const id = useId();
  const pending = useLogoutQuestion();
  const { logout, cancelLogout } = useLogout();
  return (
    <Dialog open={pending !== null} onClose={cancelLogout} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>Quiz scores not synced yet</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {pendingScoresSentence(pending ?? 0)} If you log out now, they will be lost. Stay signed in and connect to
          the internet so they can be sent.
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
  );
}
