/**
 * The drill form of the institute's staff (issue 37): name, rich-text instructions, target time,
 * penalties, the proficiency rule and an optional cap on repetitions; 'Save' and, for a saved
 * drill, 'Delete drill' after a confirmation. The server's field errors show beside their fields.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { institute } from '../../../content/institute';
import { canManageDrills } from '../../../contract/permissions';
import { FLS_RULE } from '../../../contract/practice-rules';
import { ApiError, fieldMessages, messageOf } from '../../../lib/api-error';
import { useOnlineStatus } from '../../../lib/online-status';
import { useStoredUser } from '../../../lib/session';
import { type Drill, type DrillWrite, drillToEditQueryOptions, useDeleteDrill, useSaveDrill } from './api/manage-drills';
import { assignPenaltyIds } from './penalty-ids';
import type { InstructionsEditorHandle, RenderInstructionsEditor } from './types';

export const DRILL_FORM_TEXT = {
  newTitle: 'New drill',
  editTitle: 'Edit drill',
  superusersOnly: 'Only superusers can create and edit drills.',
  loading: 'Loading the drill...',
  loadFailed: 'Could not load the drill.',
  notFound: 'This drill no longer exists.',
  offline: 'You are offline: saving or deleting a drill needs a connection.',
  saveFailed: 'Could not save the drill.',
  checkFields: 'The drill was not saved: see the fields marked below.',
  waitForUpload: 'Please wait for the upload in the instructions to finish.',
  deleteFailed: 'Could not delete the drill.',
  deleteTitle: 'Delete this drill?',
  deleteMessage: (name: string) => `Every trainee's repetitions of '${name}' are deleted too. This cannot be undone.`,
  nameRequired: 'Name is required.',
  wholeNumber: 'Enter a whole number.',
  penaltyIncomplete: 'Each penalty needs a label and a whole number of seconds.',
} as const;

/** The drill's fields as the server names them in its field errors. */
const DRILL_FIELDS = ['name', 'instructions', 'target_seconds', 'penalties', 'consecutive_passes', 'further_passes', 'max_repetitions'] as const;
type DrillField = (typeof DRILL_FIELDS)[number];
type FieldErrors = Partial<Record<DrillField, string>>;

const isWholeNumber = (text: string) => /^\d+$/.test(text.trim());

/** A document of nothing but empty paragraphs, as the editor starts (or is left when everything is deleted). */
function isEmptyDocument(content: unknown): boolean {
  const children = (content as { root?: { children?: unknown } } | null)?.root?.children;
  return (
    Array.isArray(children) &&
    children.every(
      (block: { type?: unknown; children?: unknown }) => block.type === 'paragraph' && Array.isArray(block.children) && block.children.length === 0,
    )
  );
}

/** Unchanged instructions go back as stored (an editor not loaded yet has changed nothing); emptied ones as null. */
function instructionsToSave(editor: InstructionsEditorHandle | null, stored: unknown): unknown {
  if (!editor?.hasChanges()) return stored;
  const content = editor.getContent();
  return isEmptyDocument(content) ? null : content;
}

interface PenaltyRow {
  /** The React key of the row (kept while rows are added and removed). */
  key: string;
  /** The saved id, kept on edit; null for a penalty added in this form. */
  id: string | null;
  label: string;
  seconds: string;
}

/**
 * 'New drill' (no `drillId`) or 'Edit drill' for superusers; anyone else is told the page is
 * theirs and nothing is asked of the server. The route gives the instructions' editor and what
 * follows a save or a delete.
 */
export function DrillFormPage({
  drillId,
  renderEditor,
  onSaved,
  onDeleted,
}: {
  drillId?: number;
  renderEditor: RenderInstructionsEditor;
  onSaved: (drill: Drill) => void;
  /** What follows a delete (a saved drill's form offers 'Delete drill'). */
  onDeleted?: () => void;
}) {
  const user = useStoredUser();
  const title = drillId === undefined ? DRILL_FORM_TEXT.newTitle : DRILL_FORM_TEXT.editTitle;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`${title} — ${institute.name}`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 3 }}>
        {title}
      </Typography>
      {!canManageDrills(user) ? (
        <Alert severity="info">{DRILL_FORM_TEXT.superusersOnly}</Alert>
      ) : drillId === undefined ? (
        <DrillForm renderEditor={renderEditor} onSaved={onSaved} />
      ) : (
        <SavedDrillForm drillId={drillId} renderEditor={renderEditor} onSaved={onSaved} onDeleted={onDeleted} />
      )}
    </Container>
  );
}

function SavedDrillForm({
  drillId,
  ...props
}: {
  drillId: number;
  renderEditor: RenderInstructionsEditor;
  onSaved: (drill: Drill) => void;
  onDeleted?: () => void;
}) {
  const online = useOnlineStatus();
  const query = useQuery(drillToEditQueryOptions(drillId));
  if (query.isPending)
    return online ? <Typography role="status">{DRILL_FORM_TEXT.loading}</Typography> : <Alert severity="info">{DRILL_FORM_TEXT.offline}</Alert>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.reason === 'not-found') return <Alert severity="info">{DRILL_FORM_TEXT.notFound}</Alert>;
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        {messageOf(query.error, { fallback: DRILL_FORM_TEXT.loadFailed, offline: DRILL_FORM_TEXT.offline })}
      </RetryAlert>
    );
  }
  // The form starts from the drill as first read; a later refetch does not overwrite what is being edited.
  return <DrillForm drill={query.data} {...props} />;
}

/** The server's answer to a refused save: messages of the form's fields, and what belongs to none of them. */
function saveProblem(error: unknown): { fields: FieldErrors; message: string } {
  const fields: FieldErrors = {};
  const others: string[] = [];
  for (const [field, message] of Object.entries(fieldMessages(error))) {
    if ((DRILL_FIELDS as readonly string[]).includes(field)) fields[field as DrillField] = message;
    else others.push(message);
  }
  const message = others.length
    ? others.join(' ')
    : Object.keys(fields).length
      ? DRILL_FORM_TEXT.checkFields
      : messageOf(error, { fallback: DRILL_FORM_TEXT.saveFailed, offline: DRILL_FORM_TEXT.offline });
  return { fields, message };
}

function DrillForm({
  drill,
  renderEditor,
  onSaved,
  onDeleted,
}: {
  drill?: Drill;
  renderEditor: RenderInstructionsEditor;
  onSaved: (drill: Drill) => void;
  onDeleted?: () => void;
}) {
  const id = useId();
  const online = useOnlineStatus();
  const save = useSaveDrill(drill?.id);
  const editor = useRef<InstructionsEditorHandle>(null);
  const nextRowKey = useRef(0);
  const [name, setName] = useState(drill?.name ?? '');
  const [targetSeconds, setTargetSeconds] = useState(drill ? String(drill.target_seconds) : '');
  const [penalties, setPenalties] = useState<PenaltyRow[]>(
    () => drill?.penalties.map((penalty) => ({ key: penalty.id, id: penalty.id, label: penalty.label, seconds: String(penalty.seconds) })) ?? [],
  );
  const [consecutivePasses, setConsecutivePasses] = useState(String(drill?.consecutive_passes ?? FLS_RULE.consecutive_passes));
  const [furtherPasses, setFurtherPasses] = useState(String(drill?.further_passes ?? FLS_RULE.further_passes));
  const [maxRepetitions, setMaxRepetitions] = useState(drill?.max_repetitions == null ? '' : String(drill.max_repetitions));
  const [checked, setChecked] = useState<{ fields: FieldErrors; message: string | null }>({ fields: {}, message: null });

  const refused = save.isError ? saveProblem(save.error) : null;
  const errors: FieldErrors = { ...refused?.fields, ...checked.fields };
  const formMessage = checked.message ?? refused?.message ?? null;

  const changePenalty = (key: string, change: Partial<PenaltyRow>) =>
    setPenalties((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const addPenalty = () => {
    nextRowKey.current += 1;
    setPenalties((rows) => [...rows, { key: `new-${nextRowKey.current}`, id: null, label: '', seconds: '' }]);
  };

  /** What the form holds as the contract's body, or the fields to correct first. */
  function read(): { body: DrillWrite } | { fields: FieldErrors; message: string | null } {
    const fields: FieldErrors = {};
    if (!name.trim()) fields.name = DRILL_FORM_TEXT.nameRequired;
    if (!isWholeNumber(targetSeconds)) fields.target_seconds = DRILL_FORM_TEXT.wholeNumber;
    if (!isWholeNumber(consecutivePasses)) fields.consecutive_passes = DRILL_FORM_TEXT.wholeNumber;
    if (!isWholeNumber(furtherPasses)) fields.further_passes = DRILL_FORM_TEXT.wholeNumber;
    if (maxRepetitions.trim() && !isWholeNumber(maxRepetitions)) fields.max_repetitions = DRILL_FORM_TEXT.wholeNumber;
    if (penalties.some((row) => !row.label.trim() || !isWholeNumber(row.seconds))) fields.penalties = DRILL_FORM_TEXT.penaltyIncomplete;
    if (Object.keys(fields).length) return { fields, message: null };
    if (editor.current?.isUploading()) return { fields: {}, message: DRILL_FORM_TEXT.waitForUpload };
    const ids = assignPenaltyIds(penalties);
    return {
      body: {
        name: name.trim(),
        instructions: instructionsToSave(editor.current, drill?.instructions ?? null),
        target_seconds: Number(targetSeconds),
        penalties: penalties.map((row, index) => ({ id: ids[index]!, label: row.label.trim(), seconds: Number(row.seconds) })),
        consecutive_passes: Number(consecutivePasses),
        further_passes: Number(furtherPasses),
        max_repetitions: maxRepetitions.trim() ? Number(maxRepetitions) : null,
      },
    };
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = read();
    if (!('body' in result)) {
      setChecked(result);
      return;
    }
    setChecked({ fields: {}, message: null });
    save.mutate(result.body, { onSuccess: onSaved });
  };

  const numberField = (label: string, field: DrillField, value: string, onChange: (value: string) => void, helper?: string) => (
    <TextField
      label={label}
      name={field}
      type="number"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? helper}
      slotProps={{ htmlInput: { min: field === 'further_passes' ? 0 : 1, step: 1, inputMode: 'numeric' } }}
    />
  );

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant="outlined"
      aria-label={drill ? `Edit ${drill.name}` : 'New drill'}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={3}>
        {formMessage && (
          <Alert severity={formMessage === DRILL_FORM_TEXT.waitForUpload ? 'warning' : 'error'} role="alert">
            {formMessage}
          </Alert>
        )}
        <TextField
          label="Name"
          name="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Box>
          <Typography id={`${id}-instructions`} component="span" sx={{ display: 'block', mb: 1, fontWeight: 600 }}>
            Instructions
          </Typography>
          {renderEditor({ initialContent: drill?.instructions ?? null, handleRef: editor, labelledBy: `${id}-instructions` })}
          {errors.instructions && <FormHelperText error>{errors.instructions}</FormHelperText>}
        </Box>
        {numberField(
          'Target time (seconds)',
          'target_seconds',
          targetSeconds,
          setTargetSeconds,
          'A repetition passes when its time plus penalties is at or under it.',
        )}
        <PenaltyList
          rows={penalties}
          error={errors.penalties}
          onChange={changePenalty}
          onAdd={addPenalty}
          onRemove={(key) => setPenalties((rows) => rows.filter((row) => row.key !== key))}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {numberField('Consecutive passes', 'consecutive_passes', consecutivePasses, setConsecutivePasses, 'Passes in a row that start the count.')}
          {numberField('Further passes', 'further_passes', furtherPasses, setFurtherPasses, 'Passes after those that make a trainee proficient.')}
        </Stack>
        {numberField('Cap on repetitions', 'max_repetitions', maxRepetitions, setMaxRepetitions, 'At most this many repetitions per trainee; empty: no cap.')}
        {!online && (
          <Typography id={`${id}-offline`} variant="body2" sx={{ color: 'text.secondary' }}>
            {DRILL_FORM_TEXT.offline}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Button type="submit" variant="contained" size="large" disabled={!online || save.isPending} aria-describedby={online ? undefined : `${id}-offline`}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          {drill && onDeleted && <DeleteDrill drill={drill} online={online} offlineNote={`${id}-offline`} onDeleted={onDeleted} />}
        </Stack>
      </Stack>
    </Paper>
  );
}

function PenaltyList({
  rows,
  error,
  onChange,
  onAdd,
  onRemove,
}: {
  rows: PenaltyRow[];
  error: string | undefined;
  onChange: (key: string, change: Partial<PenaltyRow>) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
}) {
  const id = useId();
  return (
    <Box component="fieldset" aria-describedby={error ? `${id}-error` : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        Penalties
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        What a trainee can enter after Stop, each adding its seconds to the time.
      </Typography>
      <Stack spacing={2}>
        {rows.map((row, index) => (
          <PenaltyFields key={row.key} row={row} number={index + 1} invalid={Boolean(error)} onChange={onChange} onRemove={onRemove} />
        ))}
      </Stack>
      {error && (
        <FormHelperText id={`${id}-error`} error sx={{ mt: 1 }}>
          {error}
        </FormHelperText>
      )}
      <Button variant="outlined" onClick={onAdd} sx={{ mt: 2 }}>
        Add penalty
      </Button>
    </Box>
  );
}

function PenaltyFields({
  row,
  number,
  invalid,
  onChange,
  onRemove,
}: {
  row: PenaltyRow;
  number: number;
  invalid: boolean;
  onChange: (key: string, change: Partial<PenaltyRow>) => void;
  onRemove: (key: string) => void;
}) {
  return (
    <Stack role="group" aria-label={`Penalty ${number}`} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label="Label"
        value={row.label}
        onChange={(event) => onChange(row.key, { label: event.target.value })}
        error={invalid && !row.label.trim()}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ flex: 1 }}
      />
      <TextField
        label="Seconds"
        type="number"
        value={row.seconds}
        onChange={(event) => onChange(row.key, { seconds: event.target.value })}
        error={invalid && !isWholeNumber(row.seconds)}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        sx={{ width: { sm: 140 } }}
      />
      <Button color="error" onClick={() => onRemove(row.key)} aria-label={`Remove penalty ${number}`} sx={{ minHeight: 56 }}>
        Remove
      </Button>
    </Stack>
  );
}

function DeleteDrill({ drill, online, offlineNote, onDeleted }: { drill: Drill; online: boolean; offlineNote: string; onDeleted: () => void }) {
  const remove = useDeleteDrill(drill.id);
  const [asking, setAsking] = useState(false);
  return (
    <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' } }}>
      {remove.isError && (
        <Alert severity="error" onClose={() => remove.reset()}>
          {messageOf(remove.error, { fallback: DRILL_FORM_TEXT.deleteFailed, offline: DRILL_FORM_TEXT.offline })}
        </Alert>
      )}
      <Button
        color="error"
        variant="outlined"
        disabled={!online || remove.isPending}
        aria-describedby={online ? undefined : offlineNote}
        onClick={() => setAsking(true)}
      >
        Delete drill
      </Button>
      <ConfirmDialog
        open={asking}
        title={DRILL_FORM_TEXT.deleteTitle}
        message={DRILL_FORM_TEXT.deleteMessage(drill.name)}
        confirmLabel="Delete drill"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted, onSettled: () => setAsking(false) })}
      />
    </Stack>
  );
}
