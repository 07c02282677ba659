/**
 * The answer controls of the four question types: touch-friendly (every target at least 44 px
 * high) and usable from the keyboard, nothing drag-only. Each control edits a draft answer;
 * `disabled` locks it once the answer is submitted.
 */
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { AnswerValue, MatchPair, Question } from '../../contract/quiz';

export interface ControlProps<Q extends Question = Question> {
  question: Q;
  draft: AnswerValue | undefined;
  onChange: (draft: AnswerValue) => void;
  disabled: boolean;
  /** Id of the question text, the group's accessible name. */
  labelledBy: string;
  /** The shuffled right column (match) or starting order (reorder). */
  shuffle?: string[];
}

/** A choice row: the whole row is the tap target. */
const choiceSx = {
  m: 0,
  mb: 1,
  width: '100%',
  minHeight: 48,
  px: 1,
  py: 0.5,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  alignItems: 'center',
  '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' },
} as const;

function SingleChoiceControl({ question, draft, onChange, disabled, labelledBy }: ControlProps<Extract<Question, { type: 'single-choice' }>>) {
  return (
    <RadioGroup aria-labelledby={labelledBy} value={typeof draft === 'string' ? draft : ''} onChange={(event) => onChange(event.target.value)}>
      {question.options.map((option) => (
        <FormControlLabel key={option} value={option} control={<Radio />} label={option} disabled={disabled} sx={choiceSx} />
      ))}
    </RadioGroup>
  );
}

function MultipleChoiceControl({ question, draft, onChange, disabled, labelledBy }: ControlProps<Extract<Question, { type: 'multiple-choice' }>>) {
  const selected = Array.isArray(draft) ? (draft as string[]) : [];
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(option);
    else next.delete(option);
    // In the options' order, so the stored answer does not depend on the clicking order.
    onChange(question.options.filter((o) => next.has(o)));
  };
  return (
    <FormGroup role="group" aria-labelledby={labelledBy}>
      {question.options.map((option) => (
        <FormControlLabel
          key={option}
          control={<Checkbox checked={selected.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />}
          label={option}
          disabled={disabled}
          sx={choiceSx}
        />
      ))}
    </FormGroup>
  );
}

function MatchControl({ question, draft, onChange, disabled, labelledBy, shuffle }: ControlProps<Extract<Question, { type: 'match-the-following' }>>) {
  const pairs = Array.isArray(draft) ? (draft as MatchPair[]) : [];
  const rights = shuffle ?? question.right;
  const choose = (left: string, right: string) => {
    const others = pairs.filter((p) => p.left !== left);
    onChange(right ? [...others, { left, right }] : others);
  };
  return (
    <Box role="group" aria-labelledby={labelledBy} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {question.left.map((left, index) => {
        const id = `${labelledBy}-left-${index}`;
        return (
          <Box component="li" key={left} sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Typography id={id} sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
              {left}
            </Typography>
            <NativeSelect
              fullWidth
              disabled={disabled}
              value={pairs.find((p) => p.left === left)?.right ?? ''}
              onChange={(event) => choose(left, event.target.value)}
              inputProps={{ 'aria-label': `Match for ${left}` }}
              // The select itself is the tap target: at least 44 px tall.
              sx={{ '& select': { minHeight: 44, boxSizing: 'border-box', py: 1.25, whiteSpace: 'normal' } }}
            >
              <option value="">Choose a match…</option>
              {rights.map((right) => (
                <option key={right} value={right}>
                  {right}
                </option>
              ))}
            </NativeSelect>
          </Box>
        );
      })}
    </Box>
  );
}

function ReorderControl({ question, draft, onChange, disabled, labelledBy, shuffle }: ControlProps<Extract<Question, { type: 'reorder' }>>) {
  const order = Array.isArray(draft) && draft.length === question.options.length ? (draft as string[]) : (shuffle ?? question.options);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  // Dragging with a mouse is an extra; the buttons are the way on touch screens and keyboards.
  const dragFrom = useRef<number | null>(null);
  const dropAt = (index: number) => {
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from === null || from === index) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(index, 0, item!);
    onChange(next);
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= order.length) return;
    const next = [...order];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
    const item = order[index]!;
    // Keep the keyboard on the moved item: the same button, or the other one at an end.
    const atEnd = by === -1 ? target === 0 : target === order.length - 1;
    requestAnimationFrame(() => buttons.current.get(`${item}:${atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`)?.focus());
  };
  return (
    <Box component="ol" aria-labelledby={labelledBy} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {order.map((item, index) => (
        <Box
          component="li"
          key={item}
          draggable={!disabled}
          onDragStart={(event) => {
            dragFrom.current = index;
            event.dataTransfer?.setData('text/plain', item);
          }}
          onDragOver={(event) => {
            if (dragFrom.current !== null) event.preventDefault();
          }}
          onDrop={(event) => {
            event.preventDefault();
            dropAt(index);
          }}
          onDragEnd={() => {
            dragFrom.current = null;
          }}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            mb: 1,
            pl: 1,
            pr: 0.5,
            py: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            minHeight: 52,
            cursor: disabled ? 'default' : 'grab',
          }}
        >
          <DragIndicator aria-hidden fontSize="small" sx={{ color: 'text.disabled', display: { xs: 'none', sm: 'block' } }} />
          <Box component="span" aria-hidden sx={{ minWidth: 24, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
            {index + 1}.
          </Box>
          <Typography component="span" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {item}
          </Typography>
          <IconButton
            ref={(el) => {
              buttons.current.set(`${item}:up`, el);
            }}
            aria-label={`Move "${item}" up`}
            disabled={disabled || index === 0}
            onClick={() => move(index, -1)}
            sx={{ width: 44, height: 44 }}
          >
            <ArrowUpward />
          </IconButton>
          <IconButton
            ref={(el) => {
              buttons.current.set(`${item}:down`, el);
            }}
            aria-label={`Move "${item}" down`}
            disabled={disabled || index === order.length - 1}
            onClick={() => move(index, 1)}
            sx={{ width: 44, height: 44 }}
          >
            <ArrowDownward />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

/** The control for a question of any of the four types. */
export function QuestionControl(props: ControlProps) {
  const { question } = props;
  switch (question.type) {
    case 'single-choice':
      return <SingleChoiceControl {...props} question={question} />;
    case 'multiple-choice':
      return <MultipleChoiceControl {...props} question={question} />;
    case 'match-the-following':
      return <MatchControl {...props} question={question} />;
    case 'reorder':
      return <ReorderControl {...props} question={question} />;
  }
}
