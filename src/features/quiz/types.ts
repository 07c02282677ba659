/**
 * What the quiz feature hands to its host (the route): the quiz never knows where its questions
 * come from or where a finished attempt goes.
 */
import type { ReactNode } from 'react';
import type { UserAnswer } from '../../contract/quiz';
import type { QuizAttempt } from '../../lib/db';

/** A finished attempt, as given to `onComplete` once per attempt. */
export interface FinishedAttempt {
  /** The score's client_attempt_id: a UUID made when the attempt started. */
  attemptId: string;
  userId: number;
  bookId: number;
  quizId: number;
  quizTitle: string;
  quizVersion: number;
  /** One record per question, in the author's order. */
  answers: UserAnswer[];
  /** Graded on the device with the contract's rules; the server grades again from `answers`. */
  totalQuestions: number;
  correctAnswers: number;
  /** ISO date-time of completion. */
  completedAt: string;
  /** The completed attempt as db.attempts holds it (what the score outbox takes). */
  record: QuizAttempt;
}

export type SaveStatus = 'saving' | 'saved' | 'failed';

/** Where the finished attempt's score stands, as the results screen shows it. */
export interface SaveState {
  attemptId: string;
  status: SaveStatus;
  /** Why `onComplete` failed (status 'failed'). */
  error: unknown;
  /** Hands the same attempt to `onComplete` again (same attempt id: never recorded twice). */
  retry: () => void;
}

/** Renders the save status line of the results; the default says 'Saving your score...', 'Score saved' or that it was not saved, with Retry. */
export type RenderSaveStatus = (save: SaveState) => ReactNode;

/** The quiz as the host gives it. */
export interface QuizInfo {
  id: number;
  title: string;
  version: number;
}
