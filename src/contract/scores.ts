/**
 * Quiz attempts and score records (SPEC §3 "Quiz score record", §7 POST scores).
 * The client sends its answers; the server grades them against the quiz version taken.
 */
import { z } from './zod';
import { idSchema } from './fields';
import { userAnswerSchema } from './quiz';

/**
 * POST /books/quizzes/{id}/scores/: one finished attempt. The server grades `answers` against
 * the quiz version taken; `total_questions` and `correct_answers` are still accepted (SPEC §7)
 * but never trusted — the record carries the server's own count.
 */
export const scoreSubmissionSchema = z
  .strictObject({
    answers: z.array(userAnswerSchema).max(1000),
    /**
     * Made on the device when the attempt starts; the same id never records twice. Compared in
     * one form, lower case (an upper-case copy of an id is the same attempt).
     */
    client_attempt_id: z
      .uuid()
      .transform((id) => id.toLowerCase())
      .optional(),
    quiz_version: idSchema.optional(),
    /**
     * When the attempt ended, by the device's clock: kept as sent; a time after the server's
     * receipt counts as the receipt. Refused only before the quiz version existed.
     */
    completed_at: z.iso.datetime({ offset: true }).optional(),
    total_questions: z.number().int().min(1).max(1000).optional(),
    correct_answers: z.number().int().min(0).max(1000).optional(),
  })
  .refine((s) => s.correct_answers === undefined || s.total_questions === undefined || s.correct_answers <= s.total_questions, {
    path: ['correct_answers'],
    message: 'Ensure correct_answers is not greater than total_questions.',
  });
export type ScoreSubmission = z.input<typeof scoreSubmissionSchema>;

/** SPEC §3 quiz score record, plus the attempt fields an offline client needs to reconcile. */
export const scoreRecordSchema = z.object({
  id: z.number().int(),
  quiz: z.number().int().nullable(),
  quiz_title: z.string(),
  quiz_version: z.number().int().nullable(),
  correct_answers: z.number().int(),
  total_questions: z.number().int(),
  score_percentage: z.number(),
  submitted_at: z.string(),
  received_at: z.string(),
  client_attempt_id: z.string().nullable(),
});
export type ScoreRecord = z.infer<typeof scoreRecordSchema>;
