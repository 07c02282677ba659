/** Quiz data rules and answer checking (src/contract/quiz), the same on the device and the server (SPEC §3, §5). */
import { describe, expect, it } from 'vitest';
import {
  gradeAttempt,
  isAnswerCorrect,
  isEmptyAnswer,
  quizDataSchema,
  shuffled,
  userAnswerSchema,
  type AnswerValue,
  type MatchPair,
  type Question,
  type QuizData,
  type UserAnswer,
} from '../../../src/contract/quiz';
import { matchTheFollowing as match, multipleChoice as multiple, QUIZ, reorder, singleChoice as single } from '../../helpers/quiz-fixture';

const clone = (value: unknown): AnswerValue => structuredClone(value) as AnswerValue;
/** The messages of a refused quiz, with their paths. */
function issues(data: unknown) {
  const result = quizDataSchema.safeParse(data);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('quizDataSchema', () => {
  it('accepts a quiz with one question of each type', () => {
    const result = quizDataSchema.safeParse(QUIZ);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(result.data).toEqual(QUIZ);
  });

  it('trims text so answers still match their options', () => {
    const data = quizDataSchema.parse([{ ...single, options: [' CO2 ', 'Air'], answer: 'CO2  ' }]);
    expect(data[0]).toMatchObject({ options: ['CO2', 'Air'], answer: 'CO2' });
  });

  it('needs at least one question and at most 200', () => {
    expect(issues([])).toEqual([{ path: '', message: 'A quiz needs at least one question.' }]);
    const many = Array.from({ length: 201 }, (_, i) => ({ ...single, id: i + 1 }));
    expect(issues(many)).toContainEqual({ path: '', message: 'A quiz may have at most 200 questions.' });
    expect(quizDataSchema.safeParse(many.slice(0, 200)).success).toBe(true);
  });

  it('refuses duplicate question ids, numeric or text', () => {
    expect(issues([single, { ...multiple, id: 'q1' }])).toContainEqual({ path: '1.id', message: 'Question id q1 is used twice.' });
    expect(
      issues([
        { ...single, id: 7 },
        { ...reorder, id: '7' },
      ]),
    ).toContainEqual({ path: '1.id', message: 'Question id 7 is used twice.' });
  });

  it.each([
    ['an unknown type', { ...single, type: 'essay' }],
    ['a missing question text', { ...single, question: undefined }],
    ['a blank question text', { ...single, question: '   ' }],
    ['an unknown field', { ...single, hint: 'gas' }],
    ['a negative numeric id', { ...single, id: -1 }],
    ['an empty id', { ...single, id: '' }],
    ['choice options missing', { ...single, options: undefined }],
    ['a single option', { ...single, options: ['CO2'], answer: 'CO2' }],
    ['a blank option', { ...single, options: ['CO2', ''] }],
    ['multiple-choice options missing', { ...multiple, options: undefined }],
    ['reorder options missing', { ...reorder, options: undefined }],
    ['match lists missing', { ...match, right: undefined }],
    ['a single-choice answer given as a list', { ...single, answer: ['CO2'] }],
  ])('refuses %s', (_name, question) => {
    expect(quizDataSchema.safeParse([question]).success).toBe(false);
  });

  it('refuses duplicate options', () => {
    expect(issues([{ ...single, options: ['CO2', 'CO2', 'Air'] }])).toContainEqual({ path: '0.options', message: 'Options must be unique.' });
  });

  it('single-choice: the answer must be one of the options', () => {
    expect(issues([{ ...single, answer: 'Helium' }])).toEqual([{ path: '0.answer', message: 'The answer must be one of the options.' }]);
    expect(quizDataSchema.safeParse([{ ...single, answer: 'co2' }]).success).toBe(false);
  });

  it('multiple-choice: the answer is a non-empty subset of the options, without repeats', () => {
    expect(issues([{ ...multiple, answer: ['5 mm', '15 mm'] }])).toEqual([{ path: '0.answer', message: 'Every answer must be one of the options.' }]);
    expect(issues([{ ...multiple, answer: ['5 mm', '5 mm'] }])).toEqual([{ path: '0.answer', message: 'The answer lists an option twice.' }]);
    expect(issues([{ ...multiple, answer: [] }])).toEqual([{ path: '0.answer', message: 'At least one correct option is required.' }]);
    expect(quizDataSchema.safeParse([{ ...multiple, answer: [...multiple.options] }]).success).toBe(true);
    expect(quizDataSchema.safeParse([{ ...multiple, answer: ['30 mm'] }]).success).toBe(true);
  });

  it.each([
    ['an option missing', ['Access', 'Insufflate', 'Inspect']],
    ['an extra item', [...reorder.options, 'Close']],
    ['a repeated item in place of another', ['Access', 'Access', 'Inspect', 'Dissect']],
    ['an item not among the options', ['Access', 'Insufflate', 'Inspect', 'Close']],
  ])('reorder: the answer must be a permutation of the options (%s)', (_name, answer) => {
    expect(issues([{ ...reorder, answer }])).toContainEqual({ path: '0.answer', message: 'The answer must list every option exactly once.' });
  });

  it('reorder: any permutation of the options is a valid answer', () => {
    expect(quizDataSchema.safeParse([{ ...reorder, answer: ['Dissect', 'Inspect', 'Insufflate', 'Access'] }]).success).toBe(true);
  });

  it('match: left and right lists of the same length, without repeats', () => {
    expect(issues([{ ...match, right: [...match.right, 'Suturing'] }])).toContainEqual({
      path: '0.right',
      message: 'Left and right lists must have the same length.',
    });
    expect(issues([{ ...match, left: ['Veress needle', 'Veress needle', 'Clip applier'] }])).toContainEqual({
      path: '0.left',
      message: 'Left items must be unique.',
    });
    expect(issues([{ ...match, right: ['Insufflation', 'Insufflation', 'Ligating vessels'] }])).toContainEqual({
      path: '0.right',
      message: 'Right items must be unique.',
    });
  });

  it.each([
    ['a left item paired twice', [match.answer[0], { left: 'Veress needle', right: 'Holding tissue' }, match.answer[2]]],
    ['a left item left out', [match.answer[0], match.answer[1]]],
    ['a left item not in the list', [match.answer[0], match.answer[1], { left: 'Scissors', right: 'Ligating vessels' }]],
  ])('match: the answer pairs every left item exactly once (%s)', (_name, answer) => {
    expect(issues([{ ...match, answer }])).toContainEqual({ path: '0.answer', message: 'The answer must pair every left item exactly once.' });
  });

  it.each([
    ['a right item used twice', [match.answer[0], { left: 'Grasper', right: 'Insufflation' }, match.answer[2]]],
    ['a right item not in the list', [match.answer[0], match.answer[1], { left: 'Clip applier', right: 'Cutting' }]],
  ])('match: every right item of the answer comes from the right list, once (%s)', (_name, answer) => {
    expect(issues([{ ...match, answer }])).toContainEqual({
      path: '0.answer',
      message: 'Every right item of the answer must come from the right list, once.',
    });
  });

  it('match: pairs have exactly a left and a right', () => {
    expect(
      quizDataSchema.safeParse([{ ...match, answer: [...match.answer.slice(0, 2), { left: 'Clip applier', right: 'Ligating vessels', score: 2 }] }]).success,
    ).toBe(false);
  });
});

describe('isAnswerCorrect (SPEC §5)', () => {
  const q = <T extends Question>(question: unknown) => question as T;

  it('single-choice needs an exact match', () => {
    expect(isAnswerCorrect(q(single), 'CO2')).toBe(true);
    expect(isAnswerCorrect(q(single), 'co2')).toBe(false);
    expect(isAnswerCorrect(q(single), 'CO2 ')).toBe(false);
    expect(isAnswerCorrect(q(single), 'Air')).toBe(false);
    expect(isAnswerCorrect(q(single), ['CO2'])).toBe(false);
  });

  it('multiple-choice: the same set in any order, with the same number of selections', () => {
    expect(isAnswerCorrect(q(multiple), ['5 mm', '12 mm'])).toBe(true);
    expect(isAnswerCorrect(q(multiple), ['12 mm', '5 mm'])).toBe(true);
    expect(isAnswerCorrect(q(multiple), ['5 mm'])).toBe(false);
    expect(isAnswerCorrect(q(multiple), ['5 mm', '12 mm', '10 mm'])).toBe(false);
    expect(isAnswerCorrect(q(multiple), ['5 mm', '5 mm'])).toBe(false);
    expect(isAnswerCorrect(q(multiple), ['5 mm', '12 mm', '12 mm'])).toBe(false);
    expect(isAnswerCorrect(q(multiple), ['5 mm', '10 mm'])).toBe(false);
    expect(isAnswerCorrect(q(multiple), '5 mm')).toBe(false);
  });

  it('match: every pair lines up with the expected pair by position', () => {
    expect(isAnswerCorrect(q(match), clone(match.answer))).toBe(true);
    const [a, b, c] = match.answer as [MatchPair, MatchPair, MatchPair];
    // The same pairs in another order do not line up by position.
    expect(isAnswerCorrect(q(match), [b, a, c] as AnswerValue)).toBe(false);
    expect(isAnswerCorrect(q(match), [a, { left: b.left, right: c.right }, { left: c.left, right: b.right }] as AnswerValue)).toBe(false);
    expect(isAnswerCorrect(q(match), [a, b] as AnswerValue)).toBe(false);
    expect(isAnswerCorrect(q(match), [a, b, c, a] as AnswerValue)).toBe(false);
    expect(isAnswerCorrect(q(match), ['Veress needle', 'Grasper', 'Clip applier'])).toBe(false);
    expect(isAnswerCorrect(q(match), [a, b, null] as unknown as AnswerValue)).toBe(false);
  });

  it('reorder needs the exact order', () => {
    expect(isAnswerCorrect(q(reorder), ['Access', 'Insufflate', 'Inspect', 'Dissect'])).toBe(true);
    expect(isAnswerCorrect(q(reorder), ['Insufflate', 'Access', 'Inspect', 'Dissect'])).toBe(false);
    expect(isAnswerCorrect(q(reorder), ['Access', 'Insufflate', 'Inspect'])).toBe(false);
    expect(isAnswerCorrect(q(reorder), ['Access', 'Insufflate', 'Inspect', 'Dissect', 'Dissect'])).toBe(false);
  });

  it.each([null, undefined, '', '   ', []])('an empty answer (%j) is never correct', (answer) => {
    expect(isEmptyAnswer(answer as AnswerValue)).toBe(true);
    for (const question of QUIZ) expect(isAnswerCorrect(q(question), answer as AnswerValue)).toBe(false);
  });

  it('a non-empty answer is not empty', () => {
    expect(isEmptyAnswer('CO2')).toBe(false);
    expect(isEmptyAnswer(['5 mm'])).toBe(false);
  });
});

describe('gradeAttempt', () => {
  const quiz = quizDataSchema.parse(QUIZ) as QuizData;
  const answered = (questionId: string | number, answer: AnswerValue): UserAnswer => ({ questionId, answer, status: 'answered' });

  it('counts every question; only answered and correct ones score', () => {
    const all = [answered('q1', 'CO2'), answered('q2', ['12 mm', '5 mm']), answered(3, clone(match.answer)), answered(4, [...reorder.answer])];
    expect(gradeAttempt(quiz, all)).toEqual({ total: 4, correct: 4, unknownIds: [] });
    expect(gradeAttempt(quiz, [answered('q1', 'Air'), answered(4, [...reorder.answer])])).toEqual({ total: 4, correct: 1, unknownIds: [] });
    expect(gradeAttempt(quiz, [])).toEqual({ total: 4, correct: 0, unknownIds: [] });
  });

  it('a skipped or unanswered record does not score, even with the right answer', () => {
    const records: UserAnswer[] = [
      { questionId: 'q1', answer: 'CO2', status: 'skipped' },
      { questionId: 4, answer: [...reorder.answer], status: 'unanswered' },
    ];
    expect(gradeAttempt(quiz, records).correct).toBe(0);
  });

  it('matches ids as text, so "4" and 4 are the same question', () => {
    expect(gradeAttempt(quiz, [answered('4', [...reorder.answer])])).toEqual({ total: 4, correct: 1, unknownIds: [] });
  });

  it('reports records for questions the quiz does not have', () => {
    expect(gradeAttempt(quiz, [answered('q1', 'CO2'), answered('q99', 'x'), answered(42, null)])).toEqual({ total: 4, correct: 1, unknownIds: ['q99', '42'] });
  });

  it('never counts more correct answers than questions', () => {
    const repeated = Array.from({ length: 10 }, () => answered('q1', 'CO2'));
    expect(gradeAttempt(quiz, repeated).correct).toBe(1);
  });
});

describe('userAnswerSchema', () => {
  it('accepts the record shapes the quiz engine produces', () => {
    for (const answer of ['CO2', ['5 mm'], [{ left: 'a', right: 'b' }], null]) {
      expect(userAnswerSchema.safeParse({ questionId: 1, answer, status: 'answered', isCorrect: true }).success).toBe(true);
    }
  });

  it('refuses unknown statuses and fields', () => {
    expect(userAnswerSchema.safeParse({ questionId: 1, answer: 'x', status: 'guessed' }).success).toBe(false);
    expect(userAnswerSchema.safeParse({ questionId: 1, answer: 'x', status: 'answered', score: 1 }).success).toBe(false);
  });
});

describe('shuffled', () => {
  const items = ['Access', 'Insufflate', 'Inspect', 'Dissect', 'Clip', 'Cut'];

  it('keeps the same items and leaves the input untouched', () => {
    const input = [...items];
    for (let i = 0; i < 50; i++) {
      const out = shuffled(input);
      expect(out).toHaveLength(items.length);
      expect([...out].sort()).toEqual([...items].sort());
    }
    expect(input).toEqual(items);
  });

  it('uses the random source it is given', () => {
    expect(shuffled([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
    expect(shuffled([1, 2, 3, 4], () => 0.999999)).toEqual([1, 2, 3, 4]);
    expect(shuffled([], () => 0.5)).toEqual([]);
    expect(shuffled(['only'], () => 0.5)).toEqual(['only']);
  });

  it('gives every order of three items about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const key = shuffled(['a', 'b', 'c']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(800);
      expect(n).toBeLessThan(1200);
    }
  });

  it('keeps duplicates and objects as they are', () => {
    const pairs = [{ left: 'x', right: 'y' }, { left: 'x', right: 'y' }, 'x'];
    const out = shuffled(pairs);
    expect(out).toHaveLength(3);
    for (const item of pairs) expect(out).toContain(item);
  });
});
