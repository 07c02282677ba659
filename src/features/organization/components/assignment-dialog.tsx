import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { assignmentWriteSchema, DEFAULT_PASS_MARK } from '../../../contract/progress';
import { fieldMessages, messageOf } from '../../../lib/api-error';
import { type Assignment, ASSIGNMENT_MESSAGES, type AssignmentWrite } from '../api/assignments';
import type { OrganizationMember } from '../api/organization-members';

/** A book the admin can assign. */
export interface BookChoice {
  id: number;
  title: string;
}

/** The form's fields as the server names them; the dialog shows each field's errors under it. */
const FIELDS = ['book', 'to_all', 'members', 'due_date', 'note', 'pass_mark'] as const;

/** What the form says when the contract refuses a field before sending (the members rule has its own sentence). */
const CHECK_MESSAGES: Record<string, string> = {
  book: 'Choose a book.',
  due_date: 'Enter a date, or leave it empty.',
  pass_mark: 'Enter a whole number from 1 to 100.',
};

/**
 * 'Assign a book' (a new assignment) or 'Edit assignment' (the same fields; the book stays):
 * to all members or to chosen ones, an optional due date and note, and the pass mark. `onSave`
 * sends the body and throws the server's error, whose field errors show on their fields.
 */
export function AssignmentDialog({
  open,
  assignment,
  books,
  members,
  onCancel,
  onSave,
}: {
  open: boolean;
  /** The assignment being edited; null for a new one. */
  assignment: Assignment | null;
  /** The books to choose from; undefined while they load. */
  books: readonly BookChoice[] | undefined;
  /** The organization's members; undefined while they load. */
  members: readonly OrganizationMember[] | undefined;
  onCancel: () => void;
  onSave: (body: AssignmentWrite) => Promise<void>;
}) {
  const id = useId();
  const [book, setBook] = useState(assignment ? String(assignment.book) : '');
  const [toAll, setToAll] = useState(assignment?.to_all ?? true);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set(assignment?.members.map((m) => m.id)));
  const [dueDate, setDueDate] = useState(assignment?.due_date ?? '');
  const [note, setNote] = useState(assignment?.note ?? '');
  const [passMark, setPassMark] = useState(String(assignment?.pass_mark ?? DEFAULT_PASS_MARK));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = assignment ? 'Edit assignment' : 'Assign a book';

  const toggle = (memberId: number) =>
    setChosen((ids) => {
      const next = new Set(ids);
      if (!next.delete(memberId)) next.add(memberId);
      return next;
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const body: AssignmentWrite = {
      book: Number(book),
      to_all: toAll,
      members: toAll ? [] : [...chosen],
      due_date: dueDate || null,
      note,
      pass_mark: Number(passMark),
    };
    // The contract's own rules first (a book, someone to assign it to, a pass mark 1..100): no round trip for those.
    const checked = assignmentWriteSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), CHECK_MESSAGES[String(issue.path[0])] ?? issue.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(body);
    } catch (error) {
      const fields = fieldMessages(error);
      setErrors(fields);
      // A message for no field of the form (or none at all) shows above the fields.
      const elsewhere = Object.entries(fields).filter(([field]) => !(FIELDS as readonly string[]).includes(field));
      const shown = Object.keys(fields).length > elsewhere.length;
      setFailure(
        elsewhere.length
          ? elsewhere.map(([, text]) => text).join(' ')
          : shown
            ? null
            : messageOf(error, { fallback: ASSIGNMENT_MESSAGES.saveFailed, offline: ASSIGNMENT_MESSAGES.offline }),
      );
    } finally {
      setSaving(false);
    }
  };

  const membersError = errors.members ?? errors.to_all;
  return (
    <Dialog open={open} onClose={saving ? undefined : onCancel} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <TextField
              select
              label="Book"
              name="book"
              required
              value={book}
              onChange={(e) => setBook(e.target.value)}
              disabled={assignment !== null}
              error={!!errors.book}
              helperText={errors.book ?? (assignment ? 'The book of an assignment stays; withdraw it to assign another.' : undefined)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                {books ? 'Choose a book' : 'Loading books...'}
              </option>
              {assignment && !books?.some((b) => b.id === assignment.book) && <option value={assignment.book}>{assignment.book_title}</option>}
              {books?.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title}
                </option>
              ))}
            </TextField>

            <FormControl component="fieldset" error={!!membersError}>
              <FormLabel component="legend">Assign to</FormLabel>
              <RadioGroup
                row
                name="to_all"
                aria-describedby={membersError ? `${id}-members-error` : undefined}
                value={toAll ? 'all' : 'chosen'}
                onChange={(e) => setToAll(e.target.value === 'all')}
              >
                <FormControlLabel value="all" control={<Radio />} label="All members" />
                <FormControlLabel value="chosen" control={<Radio />} label="Chosen members" />
              </RadioGroup>
              {toAll ? (
                <FormHelperText>Members who join later get it too.</FormHelperText>
              ) : members === undefined ? (
                <Typography role="status">Loading members...</Typography>
              ) : (
                <FormGroup
                  role="group"
                  aria-label="Members"
                  aria-describedby={membersError ? `${id}-members-error` : undefined}
                  sx={{ maxHeight: 240, overflowY: 'auto', flexWrap: 'nowrap' }}
                >
                  {members.map((member) => (
                    <FormControlLabel
                      key={member.id}
                      control={<Checkbox checked={chosen.has(member.id)} onChange={() => toggle(member.id)} />}
                      label={`${member.full_name || member.email} (${member.email})`}
                    />
                  ))}
                </FormGroup>
              )}
              {membersError && <FormHelperText id={`${id}-members-error`}>{membersError}</FormHelperText>}
            </FormControl>

            <TextField
              label="Due date (optional)"
              name="due_date"
              type="date"
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
              error={!!errors.due_date}
              helperText={errors.due_date}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Note (optional)"
              name="note"
              multiline
              minRows={2}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              error={!!errors.note}
              helperText={errors.note}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <TextField
              label="Pass mark (%)"
              name="pass_mark"
              type="number"
              required
              value={passMark}
              onChange={(e) => setPassMark(e.target.value)}
              error={!!errors.pass_mark}
              helperText={errors.pass_mark ?? 'The best quiz score that counts as passed.'}
              slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : assignment ? 'Save' : 'Assign'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
