/**
 * Quiz data and grading: the one definition the PWA (quiz engine, outbox) and the
 * server (quiz authoring, score grading) both use. The schemas are here; the grading rules are
 * in `quiz-rules.ts` (without zod), re-exported here.
 */
import { hasDuplicates } from './quiz-rules';
import { z } from './zod';

export * from './quiz-rules';

export const QUESTION_TYPES = ['single-choice', 'multiple-choice', 'match-the-following', 'reorder'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

const questionId = z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]);
const text = z.string().trim().min(1, 'This field may not be blank.').max(2000);
const optionList = z.array(text).min(2, 'At least two options are required.').max(20);
/** The author's explanation, shown to the learner after answering and in the results. */
const explanation = z.string().trim().max(4000).optional();

const singleChoice = z.strictObject({
  id: questionId,
  type: z.literal('single-choice'),
  question: text,
  explanation,
  options: optionList,
  answer: text,
});
const multipleChoice = z.strictObject({
  id: questionId,
  type: z.literal('multiple-choice'),
  question: text,
  explanation,
  options: optionList,
  answer: z.array(text).min(1, 'At least one correct option is required.'),
});
const matchPairObject = z.strictObject({ left: text, right: text });
/**
 * A match pair as `{left, right}` or as a `[left, right]` list (quiz data written elsewhere);
 * both parse to `{left, right}`, the one form stored and graded.
 */
export const matchPair = z.union([matchPairObject, z.tuple([text, text]).transform(([left, right]) => ({ left, right }))]);
const matchTheFollowing = z.strictObject({
  id: questionId,
  type: z.literal('match-the-following'),
  question: text,
  explanation,
  left: optionList,
  right: optionList,
  answer: z.array(matchPair).min(2),
});
const reorder = z.strictObject({
  id: questionId,
  type: z.literal('reorder'),
  question: text,
  explanation,
  options: optionList,
  answer: z.array(text).min(2),
});

export const questionSchema = z.discriminatedUnion('type', [singleChoice, multipleChoice, matchTheFollowing, reorder]);
export type Question = z.infer<typeof questionSchema>;
export type MatchPair = z.infer<typeof matchPair>;

/** Consistency rules zod's shape cannot express: answers drawn from the options, unique ids. */
function checkQuestion(q: Question, ctx: z.RefinementCtx, path: (string | number)[]) {
  const issue = (message: string, at: (string | number)[] = []) => ctx.addIssue({ code: 'custom', message, path: [...path, ...at] });
  if ('options' in q && hasDuplicates(q.options)) issue('Options must be unique.', ['options']);
  switch (q.type) {
    case 'single-choice':
      if (!q.options.includes(q.answer)) issue('The answer must be one of the options.', ['answer']);
      break;
    case 'multiple-choice':
      if (hasDuplicates(q.answer)) issue('The answer lists an option twice.', ['answer']);
      if (q.answer.some((a) => !q.options.includes(a))) issue('Every answer must be one of the options.', ['answer']);
      break;
    case 'reorder':
      if (q.answer.length !== q.options.length || [...q.answer].sort().join('\u0000') !== [...q.options].sort().join('\u0000'))
        issue('The answer must list every option exactly once.', ['answer']);
      break;
    case 'match-the-following': {
      if (hasDuplicates(q.left)) issue('Left items must be unique.', ['left']);
      if (hasDuplicates(q.right)) issue('Right items must be unique.', ['right']);
      if (q.left.length !== q.right.length) issue('Left and right lists must have the same length.', ['right']);
      const lefts = q.answer.map((p) => p.left);
      const rights = q.answer.map((p) => p.right);
      if (q.answer.length !== q.left.length || hasDuplicates(lefts) || lefts.some((l) => !q.left.includes(l)))
        issue('The answer must pair every left item exactly once.', ['answer']);
      if (hasDuplicates(rights) || rights.some((r) => !q.right.includes(r)))
        issue('Every right item of the answer must come from the right list, once.', ['answer']);
      break;
    }
  }
}

export const quizDataSchema = z
  .array(questionSchema)
  .min(1, 'A quiz needs at least one question.')
  .max(200, 'A quiz may have at most 200 questions.')
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, i) => {
      const key = String(q.id);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `Question id ${key} is used twice.`, path: [i, 'id'] });
      seen.add(key);
      checkQuestion(q, ctx, [i]);
    });
  });
export type QuizData = z.infer<typeof quizDataSchema>;

/** A JSON text is parsed first; anything else is left for the schema to judge. */
function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** quiz_data as a list of questions or as its JSON text (the form the book detail answers with). */
export const quizDataInputSchema = z.preprocess(parseJsonText, quizDataSchema);

/** The questions of quiz_data in either form, normalised, or null when it is not a valid quiz. */
export function parseQuizData(value: unknown): QuizData | null {
  const result = quizDataInputSchema.safeParse(value);
  return result.success ? result.data : null;
}

export type AnswerValue = string | string[] | MatchPair[] | null;
export const ANSWER_STATUSES = ['answered', 'skipped', 'unanswered'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

export const userAnswerSchema = z.strictObject({
  questionId,
  answer: z.union([z.string().max(2000), z.array(z.string().max(2000)).max(50), z.array(matchPair).max(50), z.null()]),
  isCorrect: z.boolean().optional(),
  status: z.enum(ANSWER_STATUSES),
});
export type UserAnswer = z.infer<typeof userAnswerSchema>;
