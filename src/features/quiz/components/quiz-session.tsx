import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QuestionView } from '../../../components/question/question-view';
import { isEmptyAnswer, type QuizData } from '../../../contract/quiz';
import { holdUpdatePrompt } from '../../../lib/sw-bridge';
import { answeredCount, answerOf, canSkip, currentQuestionId, idOf, isLastStep, recordOf } from '../session/quiz-engine';
import { useQuizSession } from '../session/use-quiz-session';
import type { FinishedAttempt, QuizInfo, RenderSaveStatus } from '../types';
import { QuizResults } from './quiz-results';

export interface QuizSessionProps {
  quiz: QuizInfo;
  /** The questions; null when the quiz data is missing or invalid, undefined while it loads. */
  questions: QuizData | null | undefined;
  bookId: number;
  /** The signed-in user: attempts on the device belong to them only. */
  userId: number | null;
  /** Receives each finished attempt once; the results show its progress (see renderSaveStatus). */
  onComplete: (attempt: FinishedAttempt) => Promise<unknown>;
  /** Replaces the default save status line of the results. */
  renderSaveStatus?: RenderSaveStatus;
  /** 'Return to Book': leaves quiz mode and selects the first chapter. */
  onReturnToBook: () => void;
  /** Random source of the shuffles (tests). */
  random?: () => number;
}

const paneSx = { minHeight: 300 } as const;

function QuizHeader({ title }: { title: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
      <QuizOutlined color="primary" aria-hidden />
      <Typography id="quiz-title" variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' } }} tabIndex={-1}>
        {title}
      </Typography>
    </Stack>
  );
}

/**
 * The quiz pane (SPEC §2 quiz screens, §4 quiz session): loading and missing-data states, the
 * resume offer, one question at a time with its controls, and the results.
 */
export function QuizSession(props: QuizSessionProps) {
  const { quiz, questions, onReturnToBook } = props;
  const title = quiz.title || 'Quiz';
  if (questions === undefined) {
    return (
      <Box component="section" aria-labelledby="quiz-title" sx={paneSx}>
        <QuizHeader title={title} />
        <Typography role="status">Loading Quiz...</Typography>
      </Box>
    );
  }
  if (questions === null || questions.length === 0) {
    return (
      <Box component="section" aria-labelledby="quiz-title" sx={paneSx}>
        <QuizHeader title={title} />
        <Alert severity="warning" sx={{ mb: 2 }}>
          Quiz data is not available for this book.
        </Alert>
        <Button variant="outlined" onClick={onReturnToBook} sx={{ minHeight: 44 }}>
          Return to Book
        </Button>
      </Box>
    );
  }
  return <QuizRunner {...props} questions={questions} title={title} />;
}

function QuizRunner({
  quiz,
  questions,
  bookId,
  userId,
  onComplete,
  renderSaveStatus,
  onReturnToBook,
  random,
  title,
}: QuizSessionProps & { questions: QuizData; title: string }) {
  const session = useQuizSession({ quiz, questions, bookId, userId, onComplete, random });
  const { state, status } = session;
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const currentId = state ? currentQuestionId(state) : null;
  const inProgress = status === 'active' && state !== null && state.phase !== 'completed';

  // A new version of the app waits while a quiz is in progress (its reload would interrupt it).
  useEffect(() => {
    if (!inProgress) return;
    return holdUpdatePrompt();
  }, [inProgress]);

  // Moving to another question takes the focus to its text, so screen readers start there.
  const previousId = useRef<string | null>(null);
  useEffect(() => {
    if (previousId.current !== null && currentId !== null && currentId !== previousId.current) questionHeading.current?.focus({ preventScroll: false });
    previousId.current = currentId;
  }, [currentId]);

  // Once an answer is submitted its buttons are gone: the keyboard moves on to 'Next Question'.
  const nextButton = useRef<HTMLButtonElement>(null);
  // Submit Quiz asks first while questions are unanswered (it is shown only then).
  const [confirmingSubmit, setConfirmingSubmit] = useState(false);
  const locked = Boolean(state && currentId && state.answers.some((a) => String(a.questionId) === currentId && a.status === 'answered'));
  const wasLocked = useRef(locked);
  useEffect(() => {
    if (locked && !wasLocked.current) nextButton.current?.focus();
    wasLocked.current = locked;
  }, [locked, currentId]);

  if (status === 'resume-offer' && session.resumeOffer) {
    const { answered, total } = session.resumeOffer;
    return (
      <Box component="section" aria-labelledby="quiz-title" sx={paneSx}>
        <QuizHeader title={title} />
        <Alert severity="info" sx={{ mb: 2 }}>
          You have an unfinished attempt at this quiz ({answered} of {total} answered). Resume where you left off, or start over.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" onClick={session.resume} sx={{ minHeight: 44 }}>
            Resume Quiz
          </Button>
          <Button variant="outlined" onClick={session.startOver} sx={{ minHeight: 44 }}>
            Start Over
          </Button>
        </Stack>
      </Box>
    );
  }

  if (status === 'loading' || !state) {
    return (
      <Box component="section" aria-labelledby="quiz-title" sx={paneSx}>
        <QuizHeader title={title} />
        <Typography role="status">Loading Quiz...</Typography>
      </Box>
    );
  }

  const total = questions.length;
  const answered = answeredCount(state);

  if (state.phase === 'completed') {
    const correct = state.answers.filter((a) => a.status === 'answered' && a.isCorrect).length;
    return (
      <Box component="section" aria-labelledby="quiz-title" sx={paneSx}>
        <QuizHeader title={title} />
        <QuizResults
          questions={questions}
          answers={state.answers}
          correct={correct}
          save={session.save}
          renderSaveStatus={renderSaveStatus}
          onRetake={session.retake}
          onReturnToBook={onReturnToBook}
        />
      </Box>
    );
  }

  const question = questions.find((q) => idOf(q) === currentId);
  const position = question ? questions.indexOf(question) + 1 : 0;
  const record = currentId ? recordOf(state, currentId) : undefined;
  const draft = currentId ? state.drafts[currentId] : undefined;
  const canSubmit = question ? !isEmptyAnswer(answerOf(question, draft)) : false;

  return (
    <Box component="section" aria-labelledby="quiz-title" sx={paneSx}>
      <QuizHeader title={title} />
      <Box sx={{ mb: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {answered} of {total} answered
          </Typography>
          {state.phase === 'review-skipped' && <Chip color="warning" size="small" label={`Skipped ${state.reviewIndex + 1}/${state.skipped.length}`} />}
        </Stack>
        <LinearProgress
          variant="determinate"
          value={(answered / total) * 100}
          aria-label={`Progress: ${answered} of ${total} answered`}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
      {session.notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {session.notice}
        </Alert>
      )}
      {session.storageError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {session.storageError}
        </Alert>
      )}
      {!question ? (
        <Typography role="status">Loading Question...</Typography>
      ) : (
        <Box key={currentId}>
          <QuestionView
            question={question}
            draft={draft}
            onChange={(value) => session.setDraft(currentId!, value)}
            result={locked && record ? { isCorrect: record.isCorrect === true } : null}
            shuffle={state.shuffles[currentId!]}
            headingRef={questionHeading}
            caption={`Question ${position} of ${total}`}
          />
          <Stack direction="row" sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            {locked ? (
              <Button ref={nextButton} variant="contained" onClick={session.next} sx={{ minHeight: 44 }}>
                {isLastStep(state) ? 'Finish Quiz' : 'Next Question'}
              </Button>
            ) : (
              <>
                <Button variant="contained" disabled={!canSubmit} onClick={session.submitAnswer} sx={{ minHeight: 44 }}>
                  Submit Answer
                </Button>
                {canSkip(state) && (
                  <Button variant="outlined" onClick={session.skip} sx={{ minHeight: 44 }}>
                    Skip
                  </Button>
                )}
                {/* Small, at the far end, and on a line of its own on a phone: a tap meant for Skip never ends the attempt. */}
                <Box sx={{ flexGrow: 1, flexBasis: { xs: '100%', sm: 0 }, height: { xs: 8, sm: 'auto' } }} />
                <Button variant="contained" color="error" size="small" onClick={() => setConfirmingSubmit(true)} sx={{ minHeight: 44, ml: 'auto' }}>
                  Submit Quiz
                </Button>
              </>
            )}
          </Stack>
          <ConfirmDialog
            open={confirmingSubmit}
            title="Submit Quiz"
            message={unansweredMessage(total - answered)}
            confirmLabel="Submit Quiz"
            cancelLabel="Keep answering"
            onConfirm={() => {
              setConfirmingSubmit(false);
              session.submitQuiz();
            }}
            onCancel={() => setConfirmingSubmit(false)}
          />
          <Button variant="text" onClick={onReturnToBook} sx={{ mt: 3, minHeight: 44 }}>
            Return to Book
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** What 'Submit Quiz' asks first: the attempt ends with these questions recorded as unanswered. */
export function unansweredMessage(unanswered: number): string {
  return `${unanswered} ${unanswered === 1 ? 'question is' : 'questions are'} unanswered. Submit anyway?`;
}
