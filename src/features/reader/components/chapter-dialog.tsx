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
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { getStoredUser } from '../../../lib/session';
import { type ChapterDraft, chapterDraftKey, deleteChapterDraft, readChapterDraft, writeChapterDraft } from '../db/chapter-drafts';
import { useDraftOffer } from '../../../lib/use-draft-offer';
import { chapterSaveErrorMessage } from '../messages';
import type { ChapterContentHandle, ChapterSave, RenderChapterEditor } from '../types';
import { DraftOfferAlert } from '../../../components/draft-offer-alert';
import { formatDateTime } from '../../../lib/dates';

export interface ChapterDialogProps {
  mode: 'add' | 'edit';
  initialTitle: string;
  initialOrder: number;
  initialContent: unknown;
  renderEditor: RenderChapterEditor;
  onSave: (chapter: ChapterSave) => Promise<unknown>;
  onClose: () => void;
  /** The book and chapter (null: a new one) the autosaved draft belongs to; without a book, no draft is kept. */
  bookId?: number;
  chapterId?: number | null;
}

/** How long after the last keystroke the draft is written. */
export const DRAFT_DELAY_MS = 500;

export const DRAFT_TEXTS = {
  offer: (when: string) => `You have an unsaved draft of this chapter from ${when}.`,
  leaveTitle: 'Leave without saving?',
  leaveMessage: 'This chapter has changes that are not saved. Your draft stays on this device: open the chapter again to restore it.',
  leave: 'Leave',
  keepEditing: 'Keep editing',
} as const;

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
 *
 * Issue 14: the work is autosaved as a draft in IndexedDB (debounced) as the author types;
 * Cancel, Esc or a click outside with unsaved changes asks first; a reload warns; reopening
 * offers 'Restore draft' / 'Discard'; saving clears the draft.
 */
export function ChapterDialog({
  mode,
  initialTitle,
  initialOrder,
  initialContent,
  renderEditor,
  onSave,
  onClose,
  bookId,
  chapterId = null,
}: ChapterDialogProps) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [title, setTitle] = useState(initialTitle);
  const [order, setOrder] = useState(String(initialOrder));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editor = useRef<ChapterContentHandle>(null);

  // --- the draft -----------------------------------------------------------------------------
  const [draftKey] = useState(() => {
    const user = getStoredUser();
    return user && bookId !== undefined ? chapterDraftKey(user.user_id, bookId, mode === 'edit' ? chapterId : null) : null;
  });
  /** The editor's starting document: the chapter's, or a restored draft's (the editor remounts). */
  const [content, setContent] = useState<unknown>(initialContent);
  const [editorKey, setEditorKey] = useState(0);
  /** A restored draft always differs from the stored chapter, whatever the editor's baseline says. */
  const restored = useRef(false);
  const {
    offer,
    checked: draftChecked,
    closeOffer,
  } = useDraftOffer<ChapterDraft>(draftKey, () => (draftKey ? readChapterDraft(draftKey) : Promise.resolve(null)), 'chapter');
  const [unsaved, setUnsaved] = useState(false);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const values = useRef({ title, order });
  values.current = { title, order };

  /** Whether the author has touched the content (typing or a toolbar button): the editor's own baseline is only asked then. */
  const contentTouched = useRef(false);
  const isDirty = useCallback(
    () =>
      restored.current ||
      values.current.title !== initialTitle ||
      values.current.order !== String(initialOrder) ||
      (contentTouched.current && Boolean(editor.current?.hasChanges())),
    [initialTitle, initialOrder],
  );

  /** Writes the draft now (or removes it when the form is back to the stored chapter). */
  const saveDraftNow = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!draftKey || !draftChecked.current) return;
    const user = getStoredUser();
    if (!user) return;
    const dirty = isDirty();
    setUnsaved(dirty);
    try {
      if (dirty)
        await writeChapterDraft(draftKey, user.user_id, {
          ...values.current,
          content: editor.current?.getContent() ?? content,
        });
      else await deleteChapterDraft(draftKey);
    } catch (error) {
      console.error('The chapter draft could not be saved on this device', error);
    }
  }, [draftKey, isDirty, content, draftChecked]);

  /** Any edit (typing, a toolbar button, a field) schedules the autosave. */
  const scheduleDraft = useCallback(() => {
    setUnsaved(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveDraftNow(), DRAFT_DELAY_MS);
  }, [saveDraftNow]);

  const touchContent = () => {
    contentTouched.current = true;
    scheduleDraft();
  };

  // A reload or closing the tab with unsaved changes asks first (and writes the draft at once).
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      void saveDraftNow();
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved, saveDraftNow]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const restoreDraft = () => {
    if (!offer) return;
    setTitle(offer.title);
    setOrder(offer.order);
    setContent(offer.content);
    setEditorKey((k) => k + 1);
    restored.current = true;
    setUnsaved(true);
    closeOffer();
  };

  const discardDraft = () => {
    closeOffer();
    if (draftKey) void deleteChapterDraft(draftKey).catch((error: unknown) => console.error('The chapter draft could not be removed', error));
  };

  /** Cancel, Esc and a click outside: with unsaved changes, ask first. */
  const requestClose = () => {
    if (saving) return;
    if (isDirty()) {
      void saveDraftNow();
      setConfirmingLeave(true);
    } else {
      onClose();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateChapter(title, order);
    setErrors(found);
    if (found.title || found.order) return;
    if (editor.current?.isUploading()) {
      setSaveError('Please wait for the upload to finish.');
      return;
    }
    const chapter: ChapterSave = {
      title: title.trim(),
      order: Number(order.trim()),
    };
    // A new chapter always stores the editor's document; an edited one only when it changed,
    // so a chapter imported from the old editor stays exactly as it was until someone edits it.
    if (editor.current && (mode === 'add' || restored.current || editor.current.hasChanges())) chapter.content_delta = editor.current.getContent();
    setSaveError(null);
    setSaving(true);
    try {
      await onSave(chapter);
      if (timer.current) clearTimeout(timer.current);
      setUnsaved(false);
      if (draftKey) await deleteChapterDraft(draftKey).catch((error: unknown) => console.error('The chapter draft could not be removed', error));
      onClose();
    } catch (error) {
      setSaveError(chapterSaveErrorMessage(error));
      setSaving(false);
    }
  };

  const dialogTitle = mode === 'add' ? 'Add New Chapter' : 'Edit Chapter';
  return (
    <>
      <Dialog open onClose={requestClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={`${id}-title`}>
        <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
          <DialogTitle id={`${id}-title`}>{dialogTitle}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2.5}>
              {offer && <DraftOfferAlert message={DRAFT_TEXTS.offer(formatDateTime(offer.updatedAt))} onRestore={restoreDraft} onDiscard={discardDraft} />}
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
                    scheduleDraft();
                    if (errors.title)
                      setErrors((current) => ({
                        ...current,
                        title: undefined,
                      }));
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
                    scheduleDraft();
                    if (errors.order)
                      setErrors((current) => ({
                        ...current,
                        order: undefined,
                      }));
                  }}
                  error={Boolean(errors.order)}
                  helperText={errors.order}
                  slotProps={{
                    htmlInput: { min: 0, step: 1, inputMode: 'numeric' },
                  }}
                  sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
                />
              </Stack>
              <div>
                <Typography id={`${id}-content`} component="div" sx={{ fontWeight: 600, mb: 1 }}>
                  Content
                </Typography>
                <div
                  key={editorKey}
                  // Typing in the editor bubbles `input` (Lexical cancels some: keyup, paste and drop too);
                  // toolbar buttons and pickers are clicks. Each only schedules a debounced write.
                  onInput={touchContent}
                  onKeyUp={touchContent}
                  onPaste={touchContent}
                  onDrop={touchContent}
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest('button, [role="button"], [role="menuitem"], [role="option"]')) touchContent();
                  }}
                >
                  {renderEditor({
                    initialContent: content,
                    handleRef: editor,
                    labelledBy: `${id}-content`,
                  })}
                </div>
              </div>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? 'Saving...' : 'Save Chapter'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmingLeave}
        title={DRAFT_TEXTS.leaveTitle}
        message={DRAFT_TEXTS.leaveMessage}
        confirmLabel={DRAFT_TEXTS.leave}
        cancelLabel={DRAFT_TEXTS.keepEditing}
        onConfirm={() => {
          setConfirmingLeave(false);
          setUnsaved(false);
          onClose();
        }}
        onCancel={() => setConfirmingLeave(false)}
      />
    </>
  );
}
