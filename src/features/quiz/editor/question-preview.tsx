import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { isAnswerCorrect, isEmptyAnswer, type AnswerValue, type Question } from '../../../contract/quiz';
import { QuestionControl } from '../../../components/question/question-controls';
import { answerOf, shuffleQuestions } from '../session/quiz-engine';

/** One question as a learner sees it: shuffled, answered with the same controls, graded by the contract. */
export function QuestionPreview({ question }: { question: Question }) {
  const labelId = useId();
  const [round, setRound] = useState(0);
  // A new round ('Try Again') shuffles again.
  const shuffle = useMemo(() => (round >= 0 ? shuffleQuestions([question])[String(question.id)] : undefined), [question, round]);
  const [draft, setDraft] = useState<AnswerValue | undefined>(undefined);
  const [result, setResult] = useState<boolean | null>(null);
  const current = draft ?? (question.type === 'reorder' ? (shuffle ?? null) : undefined);
  const answer = answerOf(question, current);

  return (
    <Box sx={{ border: 1, borderColor: 'primary.light', borderRadius: 1, p: 2, bgcolor: 'action.hover' }} data-testid="question-preview">
      <Typography variant="overline" component="p">
        Preview
      </Typography>
      <Typography id={labelId} sx={{ fontWeight: 600, mb: 1.5 }}>
        {question.question}
      </Typography>
      <QuestionControl key={round} question={question} draft={current} onChange={setDraft} disabled={result !== null} labelledBy={labelId} shuffle={shuffle} />
      {result !== null && (
        <Alert severity={result ? 'success' : 'error'} sx={{ mt: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{result ? 'Correct!' : 'Incorrect!'}</Typography>
          {question.explanation && <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>{question.explanation}</Typography>}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
        {result === null ? (
          <Button
            variant="contained"
            size="small"
            disabled={isEmptyAnswer(answer)}
            onClick={() => setResult(isAnswerCorrect(question, answer))}
            sx={{ minHeight: 44 }}
          >
            Submit Answer
          </Button>
        ) : (
          <Button
            variant="outlined"
            size="small"
            onClick={() => {
              setDraft(undefined);
              setResult(null);
              setRound((n) => n + 1);
            }}
            sx={{ minHeight: 44 }}
          >
            Try Again
          </Button>
        )}
      </Stack>
    </Box>
  );
}
