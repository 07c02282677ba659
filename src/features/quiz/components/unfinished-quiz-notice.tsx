import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLiveQuery } from 'dexie-react-hooks';
import { findUnfinishedAttempt } from '../db/attempts';
import { answeredCount } from '../session/answered-count';

export interface UnfinishedQuizNoticeProps {
  userId: number | null;
  bookId: number;
  quiz: { id: number; version: number };
  /** Opens the quiz pane, which offers to resume or start over. */
  onOpenQuiz: () => void;
}

/** On opening a book: the signed-in user's unfinished attempt at its quiz, with the way back to it. */
export function UnfinishedQuizNotice({ userId, bookId, quiz, onOpenQuiz }: UnfinishedQuizNoticeProps) {
  const attempt = useLiveQuery(() => (userId === null ? null : findUnfinishedAttempt(userId, bookId, quiz.id)), [userId, bookId, quiz.id]);
  // An attempt at an older version cannot be resumed: the quiz pane starts a new one.
  if (!attempt || attempt.quizVersion !== quiz.version) return null;
  // The button under the text rather than beside it: in the reader's narrow column the text keeps its width.
  return (
    <Alert severity="info">
      You have an unfinished quiz: {answeredCount(attempt)} of {attempt.questionIds.length} answered.
      <Box sx={{ mt: 1 }}>
        <Button color="inherit" variant="outlined" size="small" onClick={onOpenQuiz} sx={{ minHeight: 44 }}>
          Continue Quiz
        </Button>
      </Box>
    </Alert>
  );
}
