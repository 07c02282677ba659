import { UnfinishedQuizNotice } from '../../features/quiz/components/unfinished-quiz-notice';
import { useStoredUser } from '../../lib/session';

/**
 * The reader's note of an unfinished attempt at the book's quiz (of the signed-in user only).
 * Apart from the quiz pane (book-quiz.tsx): shown with every book, it loads IndexedDB's code
 * but not the quiz's rules and schemas (zod), which come when the quiz is opened.
 */
export function BookQuizNotice({ bookId, quiz, onOpenQuiz }: { bookId: number; quiz: { id: number; version: number } | null; onOpenQuiz: () => void }) {
  const user = useStoredUser();
  if (!quiz) return null;
  return <UnfinishedQuizNotice userId={user?.user_id ?? null} bookId={bookId} quiz={quiz} onOpenQuiz={onOpenQuiz} />;
}
