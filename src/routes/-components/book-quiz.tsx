/**
 * The reader's quiz pane, composed: the quiz feature's session with the book's parsed questions,
 * the signed-in user, and where a finished attempt goes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { submitScore } from '../../features/quiz/api/submit-score';
import { QuizSession } from '../../features/quiz/components/quiz-session';
import type { FinishedAttempt } from '../../features/quiz/types';
import { quizHistoryKeys } from '../../features/quiz-history/api/get-my-scores';
import type { QuizSlot } from '../../features/reader/types';
import { useStoredUser } from '../../lib/session';

export function BookQuiz({ bookId, quiz, onReturnToBook }: QuizSlot & { bookId: number }) {
  const user = useStoredUser();
  const queryClient = useQueryClient();

  // INTEGRATION POINT (offline outbox): a finished attempt is POSTed directly here. When the
  // outbox lands, enqueue the attempt instead (it resolves once stored on the device) and pass
  // a `renderSaveStatus` that reads the outbox row ('Saved on this device — will sync when online').
  const completeAttempt = useCallback(
    async (attempt: FinishedAttempt) => {
      await submitScore(attempt);
      await queryClient.invalidateQueries({ queryKey: quizHistoryKeys.all });
    },
    [queryClient],
  );

  return (
    <QuizSession
      quiz={{ id: quiz.id, title: quiz.title, version: quiz.version }}
      questions={quiz.questions}
      bookId={bookId}
      userId={user?.user_id ?? null}
      onComplete={completeAttempt}
      onReturnToBook={onReturnToBook}
    />
  );
}
