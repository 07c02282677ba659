/**
 * The quiz session as a React hook: the pure engine (quiz-engine.ts) plus the device store.
 * Every step is written to IndexedDB as it happens (in order, one write after another); on
 * opening, an unfinished attempt of the signed-in user at this quiz version is offered for
 * resuming. A completed attempt is handed to `onComplete` exactly once (and again only through
 * Retry, with the same attempt id).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { gradeAttempt, type AnswerValue, type QuizData } from '../../../contract/quiz';
import type { QuizAttempt } from '../../../lib/db';
import { discardAttempts, findUnfinishedAttempt, saveAttempt } from '../db/attempts';
import type { FinishedAttempt, QuizInfo, SaveState } from '../types';
import { answeredCount, fitsQuestions, nextQuestion, type SessionState, setDraft, skipQuestion, startSession, submitAnswer, submitQuiz } from './quiz-engine';
import { newAttemptId } from './attempt-id';

export interface UseQuizSessionOptions {
  quiz: QuizInfo;
  questions: QuizData;
  bookId: number;
  /** The signed-in user; null keeps the attempt in memory only. */
  userId: number | null;
  onComplete: (attempt: FinishedAttempt) => Promise<unknown>;
  /** Random source of the shuffles (tests). */
  random?: () => number;
}

export type SessionStatus = 'loading' | 'resume-offer' | 'active';

/** What an unfinished attempt offered for resuming looks like to the learner. */
export interface ResumeOffer {
  answered: number;
  total: number;
  updatedAt: number;
}

const toFinished = (state: SessionState, questions: QuizData, quiz: QuizInfo, bookId: number, userId: number): FinishedAttempt => {
  const graded = gradeAttempt(questions, state.answers);
  return {
    attemptId: state.attemptId,
    userId,
    bookId,
    quizId: quiz.id,
    quizTitle: quiz.title,
    quizVersion: quiz.version,
    answers: state.answers,
    totalQuestions: graded.total,
    correctAnswers: graded.correct,
    completedAt: new Date(state.completedAt ?? Date.now()).toISOString(),
    record: { ...state, userId, bookId, quizId: quiz.id, quizVersion: quiz.version },
  };
};

export function useQuizSession({ quiz, questions, bookId, userId, onComplete, random }: UseQuizSessionOptions) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [state, setState] = useState<SessionState | null>(null);
  const [offer, setOffer] = useState<QuizAttempt | null>(null);
  const [save, setSave] = useState<Omit<SaveState, 'retry'> | null>(null);
  const [storageError, setStorageError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const stateRef = useRef<SessionState | null>(null);
  const writes = useRef<Promise<void>>(Promise.resolve());
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;
  const finishedRef = useRef<FinishedAttempt | null>(null);

  const persist = useCallback(
    (next: SessionState) => {
      if (userId === null) return;
      const row: QuizAttempt = { ...next, userId, bookId, quizId: quiz.id, quizVersion: quiz.version };
      writes.current = writes.current
        .then(() => saveAttempt(row))
        .then(() => setStorageError(null))
        .catch((error: unknown) => {
          console.error('Could not store the quiz attempt on this device', error);
          setStorageError('Your progress could not be stored on this device; it will be lost if the page is closed.');
        });
    },
    [userId, bookId, quiz.id, quiz.version],
  );

  const send = useCallback((finished: FinishedAttempt) => {
    setSave({ attemptId: finished.attemptId, status: 'saving', error: null });
    onCompleteRef.current(finished).then(
      () => setSave((s) => (s?.attemptId === finished.attemptId ? { ...s, status: 'saved', error: null } : s)),
      (error: unknown) => {
        console.error('The quiz score was not saved', error);
        setSave((s) => (s?.attemptId === finished.attemptId ? { ...s, status: 'failed', error } : s));
      },
    );
  }, []);

  const apply = useCallback(
    (step: (current: SessionState) => SessionState) => {
      const current = stateRef.current;
      if (!current) return;
      const next = step(current);
      if (next === current) return;
      stateRef.current = next;
      setState(next);
      persist(next);
      if (current.phase !== 'completed' && next.phase === 'completed') {
        const finished = toFinished(next, questions, quiz, bookId, userId ?? 0);
        finishedRef.current = finished;
        send(finished);
      }
    },
    [persist, send, questions, quiz, bookId, userId],
  );

  const begin = useCallback(
    (initial: SessionState, options: { write: boolean }) => {
      stateRef.current = initial;
      finishedRef.current = null;
      setState(initial);
      setSave(null);
      setOffer(null);
      setStatus('active');
      if (options.write) persist(initial);
    },
    [persist],
  );

  const startFresh = useCallback(() => {
    const fresh = startSession(questions, newAttemptId(), Date.now(), random);
    if (userId !== null) {
      // Older attempts at this quiz (finished, or the one given up) go; the new one is written at its first step.
      writes.current = writes.current
        .then(() => discardAttempts(userId, bookId))
        .catch((error: unknown) => console.error('Could not clear old quiz attempts', error));
    }
    begin(fresh, { write: false });
  }, [questions, random, userId, bookId, begin]);

  // On opening: offer the user's unfinished attempt at this version, or start a new one.
  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    if (userId === null) {
      startFresh();
      return;
    }
    findUnfinishedAttempt(userId, bookId, quiz.id)
      .then((found) => {
        if (cancelled) return;
        if (found && found.quizVersion === quiz.version && fitsQuestions(found, questions)) {
          setOffer(found);
          setStatus('resume-offer');
        } else {
          startFresh();
          // Answers given to other questions cannot be carried over: say why the quiz starts again.
          if (found) setNotice('This quiz has changed since your unfinished attempt, so it starts again.');
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Could not read quiz attempts on this device', error);
        startFresh();
      });
    return () => {
      cancelled = true;
    };
    // Only a new quiz version or another user starts the lookup again, not a re-render with new
    // callbacks (that would throw away the attempt in progress).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, see above
  }, [userId, bookId, quiz.id, quiz.version]);

  const resume = useCallback(() => {
    if (!offer) return;
    const { userId: _u, bookId: _b, quizId: _q, quizVersion: _v, ...restored } = offer;
    begin(restored, { write: false });
  }, [offer, begin]);

  const now = () => Date.now();
  const actions = {
    setDraft: (questionId: string, draft: AnswerValue) => apply((s) => setDraft(s, questionId, draft, now())),
    submitAnswer: () => apply((s) => submitAnswer(s, questions, now())),
    skip: () => apply((s) => skipQuestion(s, questions, now())),
    next: () => apply((s) => nextQuestion(s, questions, now())),
    submitQuiz: () => apply((s) => submitQuiz(s, questions, now())),
  };

  const resumeOffer: ResumeOffer | null = offer ? { answered: answeredCount(offer), total: offer.questionIds.length, updatedAt: offer.updatedAt } : null;
  const saveState: SaveState | null = save
    ? {
        ...save,
        retry: () => {
          if (finishedRef.current) send(finishedRef.current);
        },
      }
    : null;

  const startOver = useCallback(() => {
    setNotice(null);
    startFresh();
  }, [startFresh]);

  return { status, state, resumeOffer, resume, startOver, retake: startOver, save: saveState, storageError, notice, ...actions };
}
