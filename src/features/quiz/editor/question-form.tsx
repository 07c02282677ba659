import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useMemo, useState } from 'react';
import { type DraftQuestion, moved, previewData, TYPE_LABELS } from './draft';
import { QuestionPreview } from './question-preview';

export interface QuestionFormProps {
  question: DraftQuestion;
  index: number;
  count: number;
  /** JSON of this question's messages by field: `{ shown, all }` (a string, so an unchanged question skips rendering). */
  messages: string;
  onChange: (key: string, question: DraftQuestion, field: string) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (key: string) => void;
  /** A question just added: its text field takes the focus. */
  autoFocus?: boolean;
}

type MessagesByField = Record<string, string[]>;

const iconSx = { width: 44, height: 44 } as const;

function Messages({ messages }: { messages: string[] }) {
  return messages.map((message) => (
    <FormHelperText key={message} error sx={{ mx: 0 }}>
      {message}
    </FormHelperText>
  ));
}

/** The form of one question: its type's own fields, the explanation, and a preview. */
export const QuestionForm = memo(function QuestionForm({
  question: q,
  index,
  count,
  messages,
  onChange,
  onMove: onMoveAt,
  onRemove: onRemoveKey,
  autoFocus = false,
}: QuestionFormProps) {
  const [previewing, setPreviewing] = useState(false);
  const parsed = useMemo(() => JSON.parse(messages) as { shown: MessagesByField; all: MessagesByField }, [messages]);
  // Asking for a preview shows every message of the question, touched or not.
  const errorsOf = (field: string) => (previewing ? parsed.all : parsed.shown)[field] ?? [];
  const n = index + 1;
  const set = (patch: Partial<DraftQuestion>, field: string) => onChange(q.key, { ...q, ...patch }, field);
  const onMove = (by: -1 | 1) => onMoveAt(index, by);
  const onRemove = () => onRemoveKey(q.key);
  const fieldError = (field: string) => {
    const messages = errorsOf(field);
    return { error: messages.length > 0, helperText: messages.join(' ') || undefined };
  };
  const preview = previewing ? previewData(q) : null;

  const removeOption = (i: number) =>
    set({ options: q.options.filter((_, j) => j !== i), correct: q.correct.filter((c) => c !== i).map((c) => (c > i ? c - 1 : c)) }, 'options');
  const moveOption = (i: number, by: -1 | 1) => {
    const target = i + by;
    const remap = (c: number) => (c === i ? target : c === target ? i : c);
    set({ options: moved(q.options, i, by), correct: q.correct.map(remap) }, 'options');
  };

  let typeFields;
  if (q.type === 'single-choice' || q.type === 'multiple-choice') {
    const single = q.type === 'single-choice';
    typeFields = (
      <Box role="group" aria-label={`Options of question ${n}`}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Options — mark the correct {single ? 'one' : 'ones'}
        </Typography>
        {q.options.map((option, i) => {
          const Mark = single ? Radio : Checkbox;
          return (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
              <Mark
                checked={q.correct.includes(i)}
                onChange={(event) => {
                  const checked = event.target.checked;
                  set({ correct: single ? [i] : checked ? [...q.correct, i] : q.correct.filter((c) => c !== i) }, 'answer');
                }}
                slotProps={{ input: { 'aria-label': `Option ${i + 1} is correct` } }}
                sx={iconSx}
              />
              <TextField
                label={`Option ${i + 1}`}
                value={option}
                onChange={(e) => set({ options: q.options.map((o, j) => (j === i ? e.target.value : o)) }, `options.${i}`)}
                fullWidth
                size="small"
                {...fieldError(`options.${i}`)}
              />
              <IconButton aria-label={`Remove option ${i + 1}`} onClick={() => removeOption(i)} disabled={q.options.length <= 2} sx={iconSx}>
                <DeleteOutline />
              </IconButton>
            </Stack>
          );
        })}
        <Messages messages={[...errorsOf('options'), ...errorsOf('answer')]} />
        <Button
          startIcon={<AddOutlined />}
          onClick={() => set({ options: [...q.options, ''] }, 'options')}
          disabled={q.options.length >= 20}
          sx={{ minHeight: 44 }}
        >
          Add Option
        </Button>
      </Box>
    );
  } else if (q.type === 'reorder') {
    typeFields = (
      <Box role="group" aria-label={`Items of question ${n}`}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Items in the correct order (learners see them shuffled)
        </Typography>
        {q.options.map((item, i) => (
          <Stack key={i} direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', mb: 1 }}>
            <TextField
              label={`Item ${i + 1}`}
              value={item}
              onChange={(e) => set({ options: q.options.map((o, j) => (j === i ? e.target.value : o)) }, `options.${i}`)}
              fullWidth
              size="small"
              {...fieldError(`options.${i}`)}
            />
            <IconButton aria-label={`Move item ${i + 1} up`} onClick={() => moveOption(i, -1)} disabled={i === 0} sx={iconSx}>
              <ArrowUpward />
            </IconButton>
            <IconButton aria-label={`Move item ${i + 1} down`} onClick={() => moveOption(i, 1)} disabled={i === q.options.length - 1} sx={iconSx}>
              <ArrowDownward />
            </IconButton>
            <IconButton aria-label={`Remove item ${i + 1}`} onClick={() => removeOption(i)} disabled={q.options.length <= 2} sx={iconSx}>
              <DeleteOutline />
            </IconButton>
          </Stack>
        ))}
        <Messages messages={[...errorsOf('options'), ...errorsOf('answer')]} />
        <Button
          startIcon={<AddOutlined />}
          onClick={() => set({ options: [...q.options, ''] }, 'options')}
          disabled={q.options.length >= 20}
          sx={{ minHeight: 44 }}
        >
          Add Item
        </Button>
      </Box>
    );
  } else {
    typeFields = (
      <Box role="group" aria-label={`Pairs of question ${n}`}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Pairs (learners see the right column shuffled)
        </Typography>
        {q.pairs.map((pair, i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1.5, alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={`Left ${i + 1}`}
              value={pair.left}
              onChange={(e) => set({ pairs: q.pairs.map((p, j) => (j === i ? { ...p, left: e.target.value } : p)) }, `pairs.${i}.left`)}
              fullWidth
              size="small"
              {...fieldError(`pairs.${i}.left`)}
            />
            <TextField
              label={`Right ${i + 1}`}
              value={pair.right}
              onChange={(e) => set({ pairs: q.pairs.map((p, j) => (j === i ? { ...p, right: e.target.value } : p)) }, `pairs.${i}.right`)}
              fullWidth
              size="small"
              {...fieldError(`pairs.${i}.right`)}
            />
            <IconButton
              aria-label={`Remove pair ${i + 1}`}
              onClick={() => set({ pairs: q.pairs.filter((_, j) => j !== i) }, 'pairs')}
              disabled={q.pairs.length <= 2}
              sx={iconSx}
            >
              <DeleteOutline />
            </IconButton>
          </Stack>
        ))}
        <Messages messages={errorsOf('pairs')} />
        <Button
          startIcon={<AddOutlined />}
          onClick={() => set({ pairs: [...q.pairs, { left: '', right: '' }] }, 'pairs')}
          disabled={q.pairs.length >= 20}
          sx={{ minHeight: 44 }}
        >
          Add Pair
        </Button>
      </Box>
    );
  }

  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2, listStyle: 'none' }} aria-label={`Question ${n}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          Question {n} · {TYPE_LABELS[q.type]}
        </Typography>
        <Stack direction="row">
          <IconButton aria-label={`Move question ${n} up`} onClick={() => onMove(-1)} disabled={index === 0} sx={iconSx}>
            <ArrowUpward />
          </IconButton>
          <IconButton aria-label={`Move question ${n} down`} onClick={() => onMove(1)} disabled={index === count - 1} sx={iconSx}>
            <ArrowDownward />
          </IconButton>
          <IconButton aria-label={`Remove question ${n}`} onClick={onRemove} sx={iconSx}>
            <DeleteOutline />
          </IconButton>
        </Stack>
      </Stack>
      <Stack spacing={2}>
        <TextField
          autoFocus={autoFocus}
          label="Question"
          value={q.question}
          onChange={(e) => set({ question: e.target.value }, 'question')}
          multiline
          minRows={2}
          fullWidth
          required
          {...fieldError('question')}
        />
        {typeFields}
        <TextField
          label="Explanation (optional)"
          value={q.explanation}
          onChange={(e) => set({ explanation: e.target.value }, 'explanation')}
          multiline
          minRows={2}
          fullWidth
          {...fieldError('explanation')}
          helperText={fieldError('explanation').helperText ?? 'Shown to the learner after answering and in the results.'}
        />
        <Box>
          <Button variant="outlined" onClick={() => setPreviewing((v) => !v)} aria-expanded={previewing} sx={{ minHeight: 44 }}>
            {previewing ? 'Hide Preview' : 'Preview'}
          </Button>
        </Box>
        {previewing &&
          (preview ? (
            <QuestionPreview key={JSON.stringify(preview)} question={preview} />
          ) : (
            <Typography role="status" sx={{ color: 'warning.dark' }}>
              Correct the messages above to preview this question.
            </Typography>
          ))}
      </Stack>
    </Paper>
  );
});
