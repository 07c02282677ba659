import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useBlocker } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { QuestionType, QuizData } from '../../../contract/quiz';
import { ApiError } from '../../../lib/api-error';
import { buildQuiz, type DraftQuestion, draftOf, moved, newQuestion, QUESTION_TYPES, type QuizDraft, TYPE_LABELS } from './draft';
import { QuestionForm } from './question-form';
import { deleteQuizDraft, quizDraftKey, readQuizDraft, type StoredQuizDraft, writeQuizDraft } from './quiz-drafts';
import { useDraftOffer } from '../../../lib/use-draft-offer';
import { DraftOfferAlert } from '../../../components/draft-offer-alert';
import { formatDateTime } from '../../../lib/dates';

export interface QuizEditorProps {
  bookTitle: string;
  /** The book's current quiz, or null for 'Add Quiz'. */
  quiz: { title: string; version: number; questions: QuizData | null } | null;
  /** PUT of the quiz: the server stores a new version. */
  onSave: (body: { title: string; quiz_data: QuizData }) => Promise<{ version: number }>;
  onDelete: () => Promise<unknown>;
  /** Goes back to the book (after 'Delete Quiz'). */
  onLeave: () => void;
  /** The way back to the book (a link; leaving with unsaved changes asks first). */
  backLink: ReactNode;
  /** Whose draft of which book's quiz is autosaved on this device; without it, no draft is kept. */
  draftOwner?: { userId: number; bookId: number };
}

/** How long after the last change the draft is written. */
export const QUIZ_DRAFT_DELAY_MS = 500;

export const QUIZ_DRAFT_TEXTS = {
  offer: (when: string) => `You have an unsaved draft of this quiz from ${when}.`,
  leaveMessage: 'You have unsaved changes to this quiz. Your draft stays on this device: open the quiz editor again to restore it.',
};

/** What is compared to tell unsaved changes: the draft without its React keys. */
const snapshot = (draft: QuizDraft) => JSON.stringify({ title: draft.title, questions: draft.questions.map(({ key: _key, ...rest }) => rest) });

/** Every message of a refused save: the detail, or each field's messages. */
function saveErrorMessages(error: unknown): string[] {
  if (error instanceof ApiError && error.data && typeof error.data === 'object') {
    const data = error.data as Record<string, unknown>;
    if (typeof data.detail === 'string') return [data.detail];
    const messages = Object.entries(data).flatMap(([field, value]) =>
      (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string').map((m) => `${field}: ${m}`),
    );
    if (messages.length) return messages;
  }
  if (error instanceof ApiError && error.reason === 'network') return ['The quiz was not saved: there is no connection to the server.'];
  return [`The quiz was not saved: ${error instanceof Error ? error.message : String(error)}`];
}

/**
 * Quiz authoring for the book's owner and superusers: title, questions of the four types
 * added, edited, reordered and removed, an explanation per question, the contract's checks as
 * the author types (messages beside the fields), a preview per question, Save (a new version)
 * and Delete Quiz. Leaving with unsaved changes asks first.
 *
 * Issue 14: the form is autosaved as a draft on this device (IndexedDB, per user and book,
 * debounced) as the author types; reopening the editor offers 'Restore draft' / 'Discard'.
 * Saving the quiz or deleting it clears the draft.
 */
export function QuizEditor({ bookTitle, quiz, onSave, onDelete, onLeave, backLink, draftOwner }: QuizEditorProps) {
  const [draft, setDraft] = useState<QuizDraft>(() => draftOf(quiz?.title ?? `${bookTitle} — Quiz`, quiz?.questions ?? null));
  const [baseline, setBaseline] = useState(() => snapshot(draft));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const [newType, setNewType] = useState<QuestionType>('single-choice');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const leaving = useRef(false);
  const [exists, setExists] = useState(quiz !== null);
  /** The question just added: its text field takes the focus. */
  const [justAdded, setJustAdded] = useState<string | null>(null);

  const { data, errors } = useMemo(() => buildQuiz(draft), [draft]);
  const dirty = snapshot(draft) !== baseline;

  // --- the draft kept on this device -------------------------------------------------------------
  const [owner] = useState(() => (draftOwner ? { ...draftOwner } : null));
  const {
    offer,
    checked: draftChecked,
    closeOffer,
  } = useDraftOffer<StoredQuizDraft>(
    owner ? quizDraftKey(owner.userId, owner.bookId) : null,
    () => (owner ? readQuizDraft(owner.userId, owner.bookId) : Promise.resolve(null)),
    'quiz',
  );
  /** After Delete Quiz nothing is written any more. */
  const draftClosed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ draft, dirty });
  latest.current = { draft, dirty };

  /** Writes the draft now (or removes it when the form is back to the stored quiz). */
  const saveDraftNow = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!owner || !draftChecked.current || draftClosed.current) return;
    try {
      if (latest.current.dirty) await writeQuizDraft(owner.userId, owner.bookId, latest.current.draft);
      else await deleteQuizDraft(owner.userId, owner.bookId);
    } catch (error) {
      console.error('The quiz draft could not be saved on this device', error);
    }
  }, [owner, draftChecked]);

  const clearDraft = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!owner) return;
    await deleteQuizDraft(owner.userId, owner.bookId).catch((error: unknown) => console.error('The quiz draft could not be removed', error));
  }, [owner]);

  // Every change of the form (or of what it is compared with) schedules the autosave.
  useEffect(() => {
    if (!owner || !draftChecked.current || draftClosed.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveDraftNow(), QUIZ_DRAFT_DELAY_MS);
  }, [owner, draft, baseline, saveDraftNow, draftChecked]);

  // A reload or closing the tab writes the draft at once; leaving the editor writes a pending one.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = () => void saveDraftNow();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, saveDraftNow]);
  useEffect(
    () => () => {
      if (timer.current) void saveDraftNow();
    },
    [saveDraftNow],
  );

  const restoreDraft = () => {
    if (!offer) return;
    setSaved(null);
    setDraft(offer.draft);
    closeOffer();
  };
  const discardDraft = () => {
    closeOffer();
    void clearDraft();
  };

  const blocker = useBlocker({ shouldBlockFn: () => dirty && !leaving.current, enableBeforeUnload: () => dirty && !leaving.current, withResolver: true });

  const shown = (at: string, force = false) => (showAll || force || touched.has(at) ? (errors.get(at) ?? []) : []);
  const touch = (at: string) => setTouched((t) => (t.has(at) ? t : new Set(t).add(at)));
  const change = (patch: Partial<QuizDraft>) => {
    setSaved(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setQuestions = (questions: DraftQuestion[]) => change({ questions });
  const editQuestions = useCallback((edit: (questions: DraftQuestion[]) => DraftQuestion[]) => {
    setSaved(null);
    setDraft((d) => ({ ...d, questions: edit(d.questions) }));
  }, []);
  const updateQuestion = useCallback(
    (key: string, next: DraftQuestion, field: string) => {
      setTouched((t) => {
        const more = [`${key}:${field}`];
        // Marking the correct option also settles the option list's message, and the reverse.
        if (field === 'answer' || field.startsWith('options')) more.push(`${key}:answer`, `${key}:options`);
        return more.every((at) => t.has(at)) ? t : new Set([...t, ...more]);
      });
      editQuestions((questions) => questions.map((other) => (other.key === key ? next : other)));
    },
    [editQuestions],
  );
  const moveQuestion = useCallback((index: number, by: -1 | 1) => editQuestions((questions) => moved(questions, index, by)), [editQuestions]);
  const removeQuestion = useCallback((key: string) => editQuestions((questions) => questions.filter((other) => other.key !== key)), [editQuestions]);
  /** This question's messages, shown now and all of them, as one comparable string. */
  const messagesOf = (key: string) => {
    const shownNow: Record<string, string[]> = {};
    const all: Record<string, string[]> = {};
    for (const [at, list] of errors) {
      if (!at.startsWith(`${key}:`)) continue;
      const field = at.slice(key.length + 1);
      all[field] = list;
      if (showAll || touched.has(at)) shownNow[field] = list;
    }
    return JSON.stringify({ shown: shownNow, all });
  };

  const save = async () => {
    setShowAll(true);
    setSaveErrors([]);
    if (!data) return;
    setSaving(true);
    try {
      const result = await onSave({ title: draft.title.trim(), quiz_data: data });
      setBaseline(snapshot(draft));
      // The stored quiz now holds the work; a draft offered but not taken is dropped as well.
      closeOffer();
      await clearDraft();
      setSaved(result.version);
      setExists(true);
    } catch (error) {
      setSaveErrors(saveErrorMessages(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await onDelete();
      draftClosed.current = true;
      await clearDraft();
      leaving.current = true;
      setConfirmDelete(false);
      onLeave();
    } catch (error) {
      setDeleteError(saveErrorMessages(error)[0]!.replace('The quiz was not saved', 'The quiz was not deleted'));
      setConfirmDelete(false);
    } finally {
      setDeleting(false);
    }
  };

  const errorCount = [...errors.values()].reduce((n, list) => n + list.length, 0);

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, md: 4 } }}>
      <title>{`${exists ? 'Edit Quiz' : 'Add Quiz'} · ${bookTitle}`}</title>
      <Box sx={{ mb: 2 }}>{backLink}</Box>
      {offer && (
        <DraftOfferAlert message={QUIZ_DRAFT_TEXTS.offer(formatDateTime(offer.updatedAt))} onRestore={restoreDraft} onDiscard={discardDraft} sx={{ mb: 2 }} />
      )}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 0.5 }}>
        {exists ? 'Edit Quiz' : 'Add Quiz'}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {bookTitle}
        {quiz && ` · version ${saved ?? quiz.version}`}
      </Typography>

      <TextField
        label="Quiz Title"
        value={draft.title}
        onChange={(e) => {
          touch('title');
          change({ title: e.target.value });
        }}
        fullWidth
        required
        error={shown('title').length > 0}
        helperText={shown('title').join(' ') || undefined}
        sx={{ mb: 3 }}
      />

      {shown('quiz').length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {shown('quiz').join(' ')}
        </Alert>
      )}

      <Box component="ol" sx={{ p: 0, m: 0 }} aria-label="Questions">
        {draft.questions.map((q, index) => (
          <QuestionForm
            key={q.key}
            question={q}
            index={index}
            count={draft.questions.length}
            messages={messagesOf(q.key)}
            autoFocus={q.key === justAdded}
            onChange={updateQuestion}
            onMove={moveQuestion}
            onRemove={removeQuestion}
          />
        ))}
      </Box>
      {draft.questions.length === 0 && (
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>This quiz has no questions yet. Add the first one below.</Typography>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 4, alignItems: { sm: 'center' } }}>
        <TextField select label="New question type" value={newType} onChange={(e) => setNewType(e.target.value as QuestionType)} sx={{ minWidth: 220 }}>
          {QUESTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          onClick={() => {
            const added = newQuestion(newType, draft.questions);
            setJustAdded(added.key);
            setQuestions([...draft.questions, added]);
          }}
          disabled={draft.questions.length >= 200}
          sx={{ minHeight: 44 }}
        >
          Add Question
        </Button>
      </Stack>

      <Box role="status" sx={{ mb: 2 }}>
        {saved !== null && !dirty && <Alert severity="success">Quiz saved (version {saved}). Attempts already taken keep their grading.</Alert>}
        {showAll && errorCount > 0 && (
          <Alert severity="error">
            The quiz has {errorCount === 1 ? '1 problem' : `${errorCount} problems`} to correct before it can be saved; each is shown beside its field.
          </Alert>
        )}
        {saveErrors.length > 0 && (
          <Alert severity="error">
            {saveErrors.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        {deleteError && <Alert severity="error">{deleteError}</Alert>}
      </Box>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Button variant="contained" onClick={() => void save()} disabled={saving} sx={{ minHeight: 44 }}>
          {saving ? 'Saving...' : 'Save Quiz'}
        </Button>
        {exists && (
          <Button variant="outlined" color="error" onClick={() => setConfirmDelete(true)} disabled={saving || deleting} sx={{ minHeight: 44 }}>
            Delete Quiz
          </Button>
        )}
      </Stack>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete Quiz"
        message="Are you sure you want to delete this quiz? Scores already recorded are kept."
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title="Leave the quiz editor?"
        message={QUIZ_DRAFT_TEXTS.leaveMessage}
        confirmLabel="Leave"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Box>
  );
}
