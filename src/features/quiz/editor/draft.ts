/**
 * The quiz being written, as the author edits it: per question the text, the explanation, and
 * per type the options with the correct ones marked, the match pairs (left i goes with right i),
 * or the reorder items in their correct order. `buildQuiz` turns it into quiz data and checks it
 * with the contract's quizDataSchema; its messages are placed beside the fields they concern.
 */
import { QUESTION_TYPES, quizDataSchema, type QuestionType, type QuizData } from '../../../contract/quiz';

export interface DraftPair {
  left: string;
  right: string;
}

export interface DraftQuestion {
  /** React key; stays with the question while it is moved. */
  key: string;
  id: string | number;
  type: QuestionType;
  question: string;
  explanation: string;
  /** Choice options, or the reorder items in the correct order. */
  options: string[];
  /** Indices of the correct options (single-choice: one). */
  correct: number[];
  /** Match questions: left item i goes with right item i. */
  pairs: DraftPair[];
}

export interface QuizDraft {
  title: string;
  questions: DraftQuestion[];
}

export const TYPE_LABELS: Record<QuestionType, string> = {
  'single-choice': 'Single choice',
  'multiple-choice': 'Multiple choice',
  'match-the-following': 'Match the following',
  reorder: 'Reorder',
};
export { QUESTION_TYPES };

let keyCounter = 0;
const newKey = () => `q-${Date.now().toString(36)}-${(keyCounter++).toString(36)}`;

/** The questions with fresh React keys (a draft read back from this device). */
export function withNewKeys(questions: Omit<DraftQuestion, 'key'>[]): DraftQuestion[] {
  return questions.map((q) => ({ ...q, key: newKey() }));
}

/** The draft of a stored quiz. */
export function draftOf(title: string, questions: QuizData | null): QuizDraft {
  return {
    title,
    questions: (questions ?? []).map((q): DraftQuestion => {
      const base = {
        key: newKey(),
        id: q.id,
        type: q.type,
        question: q.question,
        explanation: q.explanation ?? '',
        options: [] as string[],
        correct: [] as number[],
        pairs: [] as DraftPair[],
      };
      switch (q.type) {
        case 'single-choice':
          return { ...base, options: [...q.options], correct: [q.options.indexOf(q.answer)].filter((i) => i >= 0) };
        case 'multiple-choice':
          return { ...base, options: [...q.options], correct: q.options.map((o, i) => (q.answer.includes(o) ? i : -1)).filter((i) => i >= 0) };
        case 'reorder':
          return { ...base, options: [...q.answer] };
        case 'match-the-following': {
          // Pairs in the order of the left list; a right item the answer does not use keeps its place.
          const pairs = q.left.map((left) => ({ left, right: q.answer.find((p) => p.left === left)?.right ?? '' }));
          return { ...base, pairs };
        }
      }
    }),
  };
}

/** A new, empty question of a type, with an id no other question of the draft has. */
export function newQuestion(type: QuestionType, existing: DraftQuestion[]): DraftQuestion {
  const taken = new Set(existing.map((q) => String(q.id)));
  let id = existing.reduce((max, q) => (typeof q.id === 'number' ? Math.max(max, q.id) : max), 0) + 1;
  while (taken.has(String(id))) id++;
  const two = ['', ''];
  return {
    key: newKey(),
    id,
    type,
    question: '',
    explanation: '',
    options: type === 'match-the-following' ? [] : [...two],
    correct: [],
    pairs:
      type === 'match-the-following'
        ? [
            { left: '', right: '' },
            { left: '', right: '' },
          ]
        : [],
  };
}

/** The question as quiz data (before validation). */
function questionData(q: DraftQuestion): Record<string, unknown> {
  const common: Record<string, unknown> = { id: q.id, type: q.type, question: q.question };
  if (q.explanation.trim()) common.explanation = q.explanation;
  switch (q.type) {
    case 'single-choice':
      return { ...common, options: q.options, answer: q.options[q.correct[0] ?? -1] ?? '' };
    case 'multiple-choice':
      return {
        ...common,
        options: q.options,
        answer: q.correct
          .filter((i) => i < q.options.length)
          .sort((a, b) => a - b)
          .map((i) => q.options[i]),
      };
    case 'reorder':
      return { ...common, options: q.options, answer: q.options };
    case 'match-the-following':
      return {
        ...common,
        left: q.pairs.map((p) => p.left),
        right: q.pairs.map((p) => p.right),
        answer: q.pairs.map((p) => ({ left: p.left, right: p.right })),
      };
  }
}

/**
 * Where a message is shown: `title`, `quiz` (the whole quiz), or `<key>:<field>` of a question,
 * where field is question, explanation, options, options.<i>, answer, pairs, pairs.<i>.left, pairs.<i>.right.
 */
export type FieldErrors = Map<string, string[]>;

export interface BuildResult {
  data: QuizData | null;
  errors: FieldErrors;
}

function add(errors: FieldErrors, at: string, message: string) {
  const list = errors.get(at) ?? [];
  if (!list.includes(message)) list.push(message);
  errors.set(at, list);
}

/** Maps a contract issue path onto the field of the form that shows it. */
function fieldOf(q: DraftQuestion, path: PropertyKey[]): string {
  const [field, index] = path;
  if (q.type === 'match-the-following') {
    if ((field === 'left' || field === 'right') && typeof index === 'number') return `pairs.${index}.${field}`;
    if (field === 'left' || field === 'right' || field === 'answer') return 'pairs';
  }
  if (field === 'options' && typeof index === 'number') return `options.${index}`;
  if (field === 'question' || field === 'explanation' || field === 'options' || field === 'answer') return field;
  return 'question';
}

/** The quiz data of the draft and every message the contract (and the form) has about it. */
export function buildQuiz(draft: QuizDraft): BuildResult {
  const errors: FieldErrors = new Map();
  if (!draft.title.trim()) add(errors, 'title', 'The quiz needs a title.');
  else if (draft.title.trim().length > 255) add(errors, 'title', 'Ensure this field has no more than 255 characters.');
  draft.questions.forEach((q) => {
    if ((q.type === 'single-choice' || q.type === 'multiple-choice') && q.correct.length === 0) {
      add(errors, `${q.key}:answer`, q.type === 'single-choice' ? 'Mark the correct option.' : 'Mark at least one correct option.');
    }
  });
  const result = quizDataSchema.safeParse(draft.questions.map(questionData));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [index, ...rest] = issue.path;
      const q = typeof index === 'number' ? draft.questions[index] : undefined;
      if (!q) {
        add(errors, 'quiz', issue.message);
        continue;
      }
      const field = fieldOf(q, rest);
      // "Mark the correct option" already says what an empty answer means.
      if (field === 'answer' && errors.has(`${q.key}:answer`)) continue;
      add(errors, `${q.key}:${field}`, issue.message);
    }
  }
  return { data: result.success && errors.size === 0 ? result.data : null, errors };
}

/** The questions of one draft question that the contract accepts, for the preview (null when invalid). */
export function previewData(q: DraftQuestion): QuizData[number] | null {
  const result = quizDataSchema.safeParse([questionData(q)]);
  return result.success ? result.data[0]! : null;
}

/** Moves an item of a list by one place (a copy). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}
