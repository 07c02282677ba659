import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';

export interface UrlDialogProps {
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  initialValue?: string;
  /** Returns an error message to show, or null when the address was accepted. */
  onSubmit: (value: string) => string | null;
  onClose: () => void;
}

/** Asks for one address (link tool, video embed tool) and shows why an address is refused. */
export function UrlDialog({ title, description, label, submitLabel, initialValue = '', onSubmit, onClose }: UrlDialogProps) {
  const id = useId();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the chapter form: its submit must not reach that form.
    event.stopPropagation();
    setError(onSubmit(value));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`} disableRestoreFocus>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            label={label}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'off', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
