import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useLogout } from '../use-logout';
import { LOGOUT_PENDING_TEXT, pendingScoresSentence } from './logout-confirmation';

/**
 * Asked before logging out while quiz scores wait to sync: they are kept on the device for
 * this user (the outbox rows carry the user id) and sent after the same user's next sign-in,
 * but not before. Staying signed in is the default (focused) choice. Rendered by
 * LogoutConfirmation (logout-confirmation.tsx) once the question is first asked.
 */
export function LogoutConfirmationDialog({ pending }: { pending: number | null }) {
  const id = useId();
  const { logout, cancelLogout } = useLogout();
  return (
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
  );
}
