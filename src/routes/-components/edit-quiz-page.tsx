/** The quiz editor composed with the book it belongs to, the permission rule and the API. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { RouterLink } from '../../components/router-link';
import { parseBook } from '../../contract/book-detail';
import { canEditBook } from '../../contract/permissions';
import { bookKeys } from '../../api/book-keys';
import { useBook } from '../../api/get-book';
import { deleteQuiz, saveQuiz } from '../../features/quiz/api/quiz-authoring';
import { QuizEditor } from '../../features/quiz/editor/quiz-editor';
import { QuestionStatisticsSection } from '../../features/quiz/statistics/components/question-statistics-section';
import { useStoredUser } from '../../lib/session';

export function EditQuizPage({ bookId }: { bookId: number }) {
  const { data: book } = useBook(bookId);
  // The editor starts from the quiz's questions, parsed here (the book detail holds quiz_data as sent).
  const quiz = useMemo(() => parseBook(book).quiz, [book]);
  const user = useStoredUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const backLink = (
    <RouterLink to="/book/$bookId" params={{ bookId }}>
      ← Back to Book
    </RouterLink>
  );
  if (!canEditBook(user, book)) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        {backLink}
        <Alert severity="warning" sx={{ mt: 2 }}>
          Only the book's owner or a superuser can edit its quiz.
        </Alert>
      </Container>
    );
  }
  const refreshBook = () => queryClient.invalidateQueries({ queryKey: bookKeys.detail(bookId) });
  return (
    <>
      <QuizEditor
        bookTitle={book.title}
        quiz={quiz}
        onSave={async (quiz) => {
          const saved = await saveQuiz(bookId, quiz);
          await refreshBook();
          return saved;
        }}
        onDelete={async () => {
          await deleteQuiz(bookId);
          await refreshBook();
        }}
        onLeave={() => void navigate({ to: '/book/$bookId', params: { bookId } })}
        backLink={backLink}
        draftOwner={user ? { userId: user.user_id, bookId } : undefined}
      />
      {/* Below the editor, once the book has a quiz: how its questions fared, per version. */}
      {quiz && (
        <Box sx={{ maxWidth: 900, mx: 'auto', px: { xs: 1.5, sm: 3 }, pb: 4 }}>
          <QuestionStatisticsSection bookId={bookId} />
        </Box>
      )}
    </>
  );
}
