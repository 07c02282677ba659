import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuizSlot } from '../types';

/**
 * The quiz pane until the quiz engine arrives: the quiz's title and question count, and a clear
 * note that taking the quiz here is coming. 'Return to Book' goes back to the first chapter.
 */
export function QuizPreview({ quiz, onReturnToBook }: QuizSlot) {
  const questions = quiz.questions?.length ?? null;
  return (
    <Box component="section" aria-labelledby="quiz-title" sx={{ minHeight: 300 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <QuizOutlined color="primary" aria-hidden />
        <Typography id="quiz-title" variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' } }} tabIndex={-1}>
          {quiz.title || 'Quiz'}
        </Typography>
      </Stack>
      {questions === null ? (
        <Alert severity="warning">Quiz data is not available for this book.</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            {questions} {questions === 1 ? 'question' : 'questions'}
          </Typography>
          <Alert severity="info" sx={{ mb: 3 }}>
            The interactive quiz is coming soon: you will be able to answer these questions here and keep your score.
          </Alert>
        </>
      )}
      <Button variant="outlined" onClick={onReturnToBook}>
        Return to Book
      </Button>
    </Box>
  );
}
