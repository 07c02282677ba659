import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { MEMBER_MESSAGES, type OrganizationMember } from '../api/organization-members';

/** The removal question of SPEC §8; Cancel is the default (focused) answer. */
export function RemoveMemberDialog({
  member,
  onCancel,
  onConfirm,
}: {
  member: OrganizationMember | null;
  onCancel: () => void;
  onConfirm: (member: OrganizationMember) => void;
}) {
  const id = useId();
  return (
    <Dialog open={member !== null} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>Remove member</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{member ? MEMBER_MESSAGES.confirmRemove(member.email) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={() => member && onConfirm(member)} color="error" variant="contained">
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
