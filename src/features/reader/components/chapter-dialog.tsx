import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type FormEvent, useId, useRef, useState } from 'react';
import { chapterSaveErrorMessage } from '../messages';
import type { ChapterContentHandle, ChapterSave, RenderChapterEditor } from '../types';

export interface ChapterDialogProps {
  mode: 'add' | 'edit';
  initialTitle: string;
  initialOrder: number;
  initialContent: unknown;
  renderEditor: RenderChapterEditor;
  onSave: (chapter: ChapterSave) => Promise<unknown>;
  onClose: () => void;
}

interface FieldErrors {
  title?: string;
  order?: string;
}

/** SPEC §5: the title is required; the order is required, a number, at least 0. */
export function validateChapter(title: string, order: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!title.trim()) errors.title = 'Chapter title is required.';
  if (order.trim() === '') errors.order = 'Order is required.';
  else if (!/^\d+$/.test(order.trim())) errors.order = 'Order must be a whole number, 0 or more.';
  return errors;
}

/**
 * The chapter modal (SPEC §2): 'Add New Chapter' or 'Edit Chapter', with Chapter Title, Order
 * and the rich-text Content; Cancel and 'Save Chapter' ('Saving...' while the save runs).
 */
export function ChapterDialog({ mode, initialTitle, initialOrder, initialContent, renderEditor, onSave, onClose }: ChapterDialogProps) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [title, setTitle] = useState(initialTitle);
  const [order, setOrder] = useState(String(initialOrder));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editor = useRef<ChapterContentHandle>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateChapter(title, order);
    setErrors(found);
    if (found.title || found.order) return;
    if (editor.current?.isUploading()) {
      setSaveError('Please wait for the upload to finish.');
      return;
    }
    const chapter: ChapterSave = { title: title.trim(), order: Number(order.trim()) };
    // A new chapter always stores the editor's document; an edited one only when it changed,
    // so a chapter imported from the old editor stays exactly as it was until someone edits it.
    if (editor.current && (mode === 'add' || editor.current.hasChanges())) chapter.content_delta = editor.current.getContent();
    setSaveError(null);
    setSaving(true);
    try {
      await onSave(chapter);
      onClose();
    } catch (error) {
      setSaveError(chapterSaveErrorMessage(error));
      setSaving(false);
    }
  };

  const dialogTitle = mode === 'add' ? 'Add New Chapter' : 'Edit Chapter';
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
        <DialogTitle id={`${id}-title`}>{dialogTitle}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {saveError && <Alert severity="error">{saveError}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Chapter Title"
                name="title"
                required
                fullWidth
                value={title}
                onChange={(event) => {
                  setTitle(event.target.value);
                  if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
                }}
                error={Boolean(errors.title)}
                helperText={errors.title}
                slotProps={{ htmlInput: { maxLength: 255 } }}
              />
              <TextField
                label="Order"
                name="order"
                type="number"
                required
                value={order}
                onChange={(event) => {
                  setOrder(event.target.value);
                  if (errors.order) setErrors((current) => ({ ...current, order: undefined }));
                }}
                error={Boolean(errors.order)}
                helperText={errors.order}
                slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
                sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
              />
            </Stack>
            <div>
              <Typography id={`${id}-content`} component="div" sx={{ fontWeight: 600, mb: 1 }}>
                Content
              </Typography>
              {renderEditor({ initialContent, handleRef: editor, labelledBy: `${id}-content` })}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : 'Save Chapter'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
