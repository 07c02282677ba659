/**
 * The reader's quiz pane, composed: the quiz feature's session with the book's parsed questions
 * and the signed-in user; a finished attempt goes to the offline feature's score outbox (stored
 * on the device first, sent when there is a connection), whose state the results show. Its missed
 * questions become review cards on the device at once (the review feature's deck, issue 36).
 */
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { RouterButton } from '../../components/router-link';
import { DefaultSaveStatus } from '../../features/quiz/components/quiz-results';
import { QuizSession } from '../../features/quiz/components/quiz-session';
import type { FinishedAttempt, SaveState } from '../../features/quiz/types';
import { requeueRejected } from '../../lib/outbox/outbox-db';
import { useAttemptSync } from '../../features/quiz/scores/use-outbox';
import { enqueueAttempt, syncNow } from '../../features/quiz/scores/outbox-sync';
import type { QuizSlot } from '../../features/reader/types';
import { db } from '../../lib/db';
import { quizQuestions } from '../../contract/book-detail';
import type { QuizData } from '../../contract/quiz';
import { addCardsFromAttempt } from '../../features/review/db/deck';
import { useOnlineStatus } from '../../lib/online-status';
import { useStoredUser } from '../../lib/session';

/** Resolves once the attempt, its outbox row and its review cards are stored on the device. */
async function storeAttempt(attempt: FinishedAttempt, questions: QuizData, bookTitle: string) {
  await enqueueAttempt(attempt.record, { quizTitle: attempt.quizTitle });
  await addCardsFromAttempt(db, {
    userId: attempt.userId,
    bookId: attempt.bookId,
    bookTitle,
    quizId: attempt.quizId,
    quizVersion: attempt.quizVersion,
    questions,
    answers: attempt.answers,
    completedAt: attempt.completedAt,
  });
}

/** The results' status line from the outbox: sent, kept on the device, or refused by the server. */
function ScoreSaveStatus({ save }: { save: SaveState }) {
  const sync = useAttemptSync(save.status === 'saved' ? save.attemptId : null);
  const online = useOnlineStatus();
  // Not even stored on the device (storage failure): the plain message with Retry.
  if (save.status !== 'saved') return <DefaultSaveStatus save={save} />;
  if (!sync) return <Alert severity="info">Saving your score...</Alert>;
  switch (sync.state) {
    case 'synced':
      return <Alert severity="success">Score saved</Alert>;
    case 'rejected':
      return (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              sx={{ minHeight: 44 }}
              onClick={() => {
                void requeueRejected(db, save.attemptId).then(() => syncNow());
              }}
            >
              Retry
            </Button>
          }
        >
          Your score was not saved: {sync.reason ?? 'the server refused it.'}
        </Alert>
      );
    default:
      // Sending now, or waiting for the connection (or for the server) to come back.
      if (online && (sync.state === 'sending' || !sync.reason)) return <Alert severity="info">Saving your score...</Alert>;
      return <Alert severity="info">Saved on this device — will sync when online</Alert>;
  }
}

export function BookQuiz({ bookId, bookTitle, quiz, onReturnToBook }: QuizSlot & { bookId: number; bookTitle: string }) {
  const user = useStoredUser();
  const questions = useMemo(() => quizQuestions(quiz), [quiz]);
  return (
    <QuizSession
      quiz={{ id: quiz.id, title: quiz.title, version: quiz.version }}
      questions={questions}
      bookId={bookId}
      userId={user?.user_id ?? null}
      onComplete={(attempt) => storeAttempt(attempt, questions ?? [], bookTitle)}
      renderSaveStatus={(save) => <ScoreSaveStatus save={save} />}
      onReturnToBook={onReturnToBook}
    />
  );
}

/** 'Edit Quiz' (or 'Add Quiz' on a book without one) for the book's owner and superusers. */
export function QuizAuthoringLink({ bookId, hasQuiz }: { bookId: number; hasQuiz: boolean }) {
  return (
    <RouterButton
      to="/book/$bookId/edit-quiz"
      params={{ bookId }}
      variant="outlined"
      startIcon={<EditOutlined />}
      sx={{ minHeight: 44, alignSelf: 'flex-start' }}
    >
      {hasQuiz ? 'Edit Quiz' : 'Add Quiz'}
    </RouterButton>
  );
}
