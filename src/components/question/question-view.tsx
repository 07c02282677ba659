/**
 * One question as the quiz and the review show it: its text (the focus target when a new question
 * appears), the answer controls of its type, and once answered 'Correct!' or 'Incorrect!' with the
 * correct answer and the author's explanation. The host owns the draft and the buttons below.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode, type Ref } from 'react';
import type { AnswerValue, Question } from '../../contract/quiz';
import { AnswerText } from './answer-text';
import { QuestionControl } from './question-controls';

export interface QuestionViewProps {
  question: Question;
  draft: AnswerValue | undefined;
  onChange: (draft: AnswerValue) => void;
  /** The result once the answer is checked (controls locked); null while answering. */
  result: { isCorrect: boolean } | null;
  /** The shuffled right column (match) or starting order (reorder). */
  shuffle?: string[];
  /** The question text's heading, focused by the host when it moves to another question. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** A line above the question text ('Question 2 of 5'). */
  caption?: ReactNode;
}

/** A question with its controls and, once checked, the feedback. */
export function QuestionView({ question, draft, onChange, result, shuffle, headingRef, caption }: QuestionViewProps) {
  const headingId = useId();
  return (
    <>
      {caption && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {caption}
        </Typography>
      )}
      <Typography
        ref={headingRef}
        id={headingId}
        variant="h3"
        tabIndex={-1}
        sx={{ fontSize: { xs: '1.1rem', md: '1.2rem' }, fontWeight: 600, mb: 2, overflowWrap: 'anywhere', outline: 'none' }}
      >
        {question.question}
      </Typography>
      <QuestionControl question={question} draft={draft} onChange={onChange} disabled={result !== null} labelledBy={headingId} shuffle={shuffle} />
      <Box role="status" sx={{ mt: 2 }}>
        {result && (
          <Alert severity={result.isCorrect ? 'success' : 'error'} sx={{ mb: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>{result.isCorrect ? 'Correct!' : 'Incorrect!'}</Typography>
            {!result.isCorrect && (
              <Box sx={{ mt: 0.5 }} data-testid="correct-answer">
                Correct answer: <AnswerText question={question} answer={question.answer} />
              </Box>
            )}
            {question.explanation && <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>{question.explanation}</Typography>}
          </Alert>
        )}
      </Box>
    </>
  );
}
