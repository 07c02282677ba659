import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { QuizData, UserAnswer } from '../../../contract/quiz';
import { serverMessage } from '../../../lib/api-error';
import { isNetworkError } from '../../../lib/api-error';
import type { RenderSaveStatus, SaveState } from '../types';
import { AnswerText } from '../../../components/question/answer-text';

/** SPEC §9: the results percentage is rounded. */
export const roundedPercentage = (correct: number, total: number) => (total > 0 ? Math.round((correct / total) * 100) : 0);

const STATUS_LABEL = { answered: null, skipped: 'Skipped', unanswered: 'Unanswered' } as const;

/** Why the score did not reach the server, in plain words. */
function notSavedMessage(error: unknown): string {
  if (isNetworkError(error)) return 'Your score was not saved: there is no connection to the server.';
  const detail = error && typeof error === 'object' && 'data' in error ? serverMessage((error as { data: unknown }).data) : undefined;
  return detail ? `Your score was not saved: ${detail}` : 'Your score was not saved.';
}

/** The default save status line: 'Saving your score...', 'Score saved', or not saved with Retry. */
export function DefaultSaveStatus({ save }: { save: SaveState }) {
  if (save.status === 'saving') return <Alert severity="info">Saving your score...</Alert>;
  if (save.status === 'saved') return <Alert severity="success">Score saved</Alert>;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={save.retry} sx={{ minHeight: 44 }}>
          Retry
        </Button>
      }
    >
      {notSavedMessage(save.error)}
    </Alert>
  );
}

export interface QuizResultsProps {
  questions: QuizData;
  answers: UserAnswer[];
  correct: number;
  save: SaveState | null;
  renderSaveStatus?: RenderSaveStatus;
  onRetake: () => void;
  onReturnToBook: () => void;
}

/** The results screen: at most 800 px wide, the rounded percentage, and a review of every question. */
export function QuizResults({ questions, answers, correct, save, renderSaveStatus, onRetake, onReturnToBook }: QuizResultsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The quiz's buttons are gone: the results take the focus, so screen readers start there.
  useEffect(() => heading.current?.focus(), []);
  const total = questions.length;
  const byId = new Map(answers.map((a) => [String(a.questionId), a]));
  return (
    <Box sx={{ maxWidth: 800 }} data-testid="quiz-results">
      <Typography ref={heading} variant="h3" tabIndex={-1} sx={{ fontSize: '1.3rem', mb: 1, outline: 'none' }}>
        Quiz Results
      </Typography>
      <Typography sx={{ fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2 }} data-testid="quiz-percentage">
        {roundedPercentage(correct, total)}%
      </Typography>
      <Typography sx={{ mb: 2 }}>
        You answered {correct} of {total} {total === 1 ? 'question' : 'questions'} correctly.
      </Typography>
      {save && <Box sx={{ mb: 2 }}>{renderSaveStatus ? renderSaveStatus(save) : <DefaultSaveStatus save={save} />}</Box>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 3 }}>
        <Button variant="contained" onClick={onRetake} sx={{ minHeight: 44 }}>
          Retake Quiz
        </Button>
        <Button variant="outlined" onClick={onReturnToBook} sx={{ minHeight: 44 }}>
          Return to Book
        </Button>
      </Stack>
      <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }} id="quiz-review-heading">
        Review
      </Typography>
      <Box component="ol" aria-labelledby="quiz-review-heading" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {questions.map((question, index) => {
          const record = byId.get(String(question.id));
          const isCorrect = record?.status === 'answered' && record.isCorrect === true;
          const statusLabel = record ? STATUS_LABEL[record.status] : 'Unanswered';
          return (
            <Box
              component="li"
              key={String(question.id)}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 1.5 }}
              aria-label={`Question ${index + 1}`}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {index + 1}. {question.question}
                </Typography>
                <Chip size="small" color={isCorrect ? 'success' : 'error'} label={isCorrect ? 'Correct' : (statusLabel ?? 'Incorrect')} />
              </Stack>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, rowGap: 0.5, columnGap: 2 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  Your answer
                </Typography>
                <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>
                  <AnswerText question={question} answer={record?.answer} />
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  Correct answer
                </Typography>
                <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>
                  <AnswerText question={question} answer={question.answer} />
                </Box>
                {question.explanation && (
                  <>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      Explanation
                    </Typography>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                      {question.explanation}
                    </Typography>
                  </>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
