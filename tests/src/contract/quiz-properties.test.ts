/**
 * Property-based tests (fast-check) of answer checking for the four question types (SPEC §5),
 * and of the two spellings of quiz data the contract accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerOutOfBounds,
  gradeAttempt,
  isAnswerCorrect,
  parseQuizData,
  quizDataSchema,
  userAnswerSchema,
  type AnswerValue,
  type Question,
  type UserAnswer,
} from '../../../src/contract/quiz';
import { matchTheFollowing, multipleChoice, QUIZ, reorder, singleChoice, wrongChoice } from '../../helpers/quiz-fixture';

/** Distinct, non-blank, already-trimmed option texts. */
const optionTexts = (min: number, max: number) =>
  fc.uniqueArray(
    fc
      .string({ minLength: 1, maxLength: 12 })
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
    { minLength: min, maxLength: max },
  );

/** A permutation of 0..n-1 (as a list of indices). */
const permutationOf = (n: number) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n });
const isIdentity = (p: number[]) => p.every((value, index) => value === index);

describe('reorder answer checking', () => {
  it('a permutation of the correct order is correct only when it is the identity', () => {
    fc.assert(
      fc.property(
        optionTexts(2, 8).chain((options) => fc.tuple(fc.constant(options), permutationOf(options.length))),
        ([answer, permutation]) => {
          const question = { id: 1, type: 'reorder', question: 'Order', options: [...answer].reverse(), answer } as Question;
          const given = permutation.map((i) => answer[i]!);
          expect(isAnswerCorrect(question, given)).toBe(isIdentity(permutation));
        },
      ),
    );
  });

  it('a list missing or repeating an item is never correct', () => {
    fc.assert(
      fc.property(optionTexts(2, 8), fc.nat(), (answer, k) => {
        const question = { id: 1, type: 'reorder', question: 'Order', options: answer, answer } as Question;
        const i = k % answer.length;
        expect(
          isAnswerCorrect(
            question,
            answer.filter((_, j) => j !== i),
          ),
        ).toBe(false);
        expect(isAnswerCorrect(question, [...answer, answer[i]!])).toBe(false);
      }),
    );
  });
});

describe('multiple-choice answer checking', () => {
  const question = (options: string[], answer: string[]) => ({ id: 1, type: 'multiple-choice', question: 'Pick', options, answer }) as Question;

  it('ignores the order of the selections', () => {
    fc.assert(
      fc.property(
        optionTexts(2, 8).chain((options) =>
          fc
            .tuple(fc.constant(options), fc.subarray(options, { minLength: 1 }))
            .chain(([options, answer]) => fc.tuple(fc.constant(options), fc.constant(answer), permutationOf(answer.length))),
        ),
        ([options, answer, permutation]) => {
          expect(
            isAnswerCorrect(
              question(options, answer),
              permutation.map((i) => answer[i]!),
            ),
          ).toBe(true);
        },
      ),
    );
  });

  it('is correct exactly when the same set is selected, each once', () => {
    fc.assert(
      fc.property(
        optionTexts(2, 8).chain((options) => fc.tuple(fc.constant(options), fc.subarray(options, { minLength: 1 }), fc.subarray(options, { minLength: 1 }))),
        ([options, answer, selected]) => {
          const same = selected.length === answer.length && selected.every((s) => answer.includes(s));
          expect(isAnswerCorrect(question(options, answer), selected)).toBe(same);
          // Selecting a correct option twice in place of another is never correct.
          if (answer.length >= 2) expect(isAnswerCorrect(question(options, answer), [answer[0]!, ...answer.slice(0, -1)])).toBe(false);
        },
      ),
    );
  });
});

describe('match-the-following answer checking', () => {
  const pairsArb = optionTexts(2, 6).chain((lefts) =>
    fc.tuple(fc.constant(lefts), optionTexts(lefts.length, lefts.length)).map(([l, r]) => l.map((left, i) => ({ left, right: r[i]! }))),
  );
  const question = (answer: { left: string; right: string }[]) =>
    ({
      id: 1,
      type: 'match-the-following',
      question: 'Match',
      left: answer.map((p) => p.left),
      right: answer.map((p) => p.right).reverse(),
      answer,
    }) as Question;

  it('requires every pair: dropping any one is incorrect', () => {
    fc.assert(
      fc.property(pairsArb, fc.nat(), (answer, k) => {
        expect(isAnswerCorrect(question(answer), structuredClone(answer))).toBe(true);
        const i = k % answer.length;
        expect(
          isAnswerCorrect(
            question(answer),
            answer.filter((_, j) => j !== i),
          ),
        ).toBe(false);
      }),
    );
  });

  it('is correct only when every left item gets its own right item', () => {
    fc.assert(
      fc.property(
        pairsArb.chain((answer) => fc.tuple(fc.constant(answer), permutationOf(answer.length))),
        ([answer, permutation]) => {
          // The learner pairs left i with the right item of pair permutation[i].
          const given = answer.map((pair, i) => ({ left: pair.left, right: answer[permutation[i]!]!.right }));
          expect(isAnswerCorrect(question(answer), given)).toBe(isIdentity(permutation));
        },
      ),
    );
  });
});

describe('single-choice answer checking', () => {
  it('is correct exactly for the answer option', () => {
    fc.assert(
      fc.property(
        optionTexts(2, 8).chain((options) => fc.tuple(fc.constant(options), fc.constantFrom(...options), fc.constantFrom(...options))),
        ([options, answer, chosen]) => {
          const question = { id: 1, type: 'single-choice', question: 'Pick one', options, answer } as Question;
          expect(isAnswerCorrect(question, chosen)).toBe(chosen === answer);
          expect(isAnswerCorrect(question, [chosen])).toBe(false);
        },
      ),
    );
  });
});

describe('gradeAttempt', () => {
  it('counts exactly the answered records that are correct, whatever else is sent', () => {
    const questions = quizDataSchema.parse(QUIZ);
    // For each question of the quiz, in order: the right answer first, then wrong ones.
    const candidates: AnswerValue[][] = [
      [singleChoice.answer, wrongChoice, null],
      [[...multipleChoice.answer].reverse(), multipleChoice.answer.slice(0, 1), multipleChoice.options],
      [matchTheFollowing.answer, matchTheFollowing.answer.map((pair, i, all) => ({ left: pair.left, right: all[(i + 1) % all.length]!.right })), []],
      [reorder.answer, [...reorder.answer].reverse()],
    ];
    fc.assert(
      fc.property(
        fc.tuple(...candidates.map((list) => fc.nat(list.length - 1))),
        fc.tuple(...questions.map(() => fc.constantFrom<UserAnswer['status']>('answered', 'skipped', 'unanswered'))),
        (choices, statuses) => {
          const records: UserAnswer[] = questions.map((q, i) => ({ questionId: q.id, answer: candidates[i]![choices[i]!]!, status: statuses[i]! }));
          const expected = questions.filter((q, i) => statuses[i] === 'answered' && choices[i] === 0).length;
          expect(gradeAttempt(questions, records)).toEqual({ total: 4, correct: expected, unknownIds: [] });
        },
      ),
    );
  });
});

describe('quiz data written elsewhere', () => {
  const normal = matchTheFollowing.answer;
  const matchQuestion = { ...matchTheFollowing, answer: normal.map(({ left, right }) => [left, right]) };

  it('accepts match answers as [left, right] pairs and stores them as {left, right}', () => {
    expect(quizDataSchema.parse([matchQuestion])[0]).toMatchObject({ answer: normal });
    const mixed = { ...matchQuestion, answer: [matchQuestion.answer[0], ...normal.slice(1)] };
    expect(quizDataSchema.parse([mixed])[0]).toMatchObject({ answer: normal });
    expect(quizDataSchema.safeParse([{ ...matchQuestion, answer: [[normal[0]!.left], ...matchQuestion.answer.slice(1)] }]).success).toBe(false);
    expect(quizDataSchema.safeParse([{ ...matchQuestion, answer: [[...matchQuestion.answer[0]!, 'extra'], ...normal.slice(1)] }]).success).toBe(false);
  });

  it('accepts quiz_data as a JSON string or as a list, with the same result', () => {
    expect(parseQuizData(JSON.stringify([matchQuestion]))).toEqual(parseQuizData([matchQuestion]));
    expect(parseQuizData([matchQuestion])?.[0]).toMatchObject({ answer: normal });
    expect(parseQuizData('{not json')).toBeNull();
    expect(parseQuizData('[]')).toBeNull();
    expect(parseQuizData(undefined)).toBeNull();
  });

  it('accepts a learner’s match answer in either form', () => {
    const parsed = userAnswerSchema.parse({ questionId: matchTheFollowing.id, answer: matchQuestion.answer, status: 'answered' });
    expect(parsed.answer).toEqual(normal);
  });
});

describe('answers bounded by their question', () => {
  const choices = optionTexts(2, 8);
  const single = (options: string[]) => ({ id: 1, type: 'single-choice', question: 'Q', options, answer: options[0]! }) as Question;
  const multiple = (options: string[]) => ({ id: 2, type: 'multiple-choice', question: 'Q', options, answer: [options[0]!] }) as Question;
  const ordered = (options: string[]) => ({ id: 3, type: 'reorder', question: 'Q', options, answer: options }) as Question;
  const matching = (left: string[], right: string[]) =>
    ({ id: 4, type: 'match-the-following', question: 'Q', left, right, answer: left.map((l, i) => ({ left: l, right: right[i]! })) }) as Question;
  /** A text no option list of these tests holds (they are at most 12 characters). */
  const foreign = fc.string({ minLength: 13, maxLength: 2000 });

  it('takes every answer the quiz screen can give: an option, a subset, a permutation, pairs over the two lists', () => {
    fc.assert(
      fc.property(choices, fc.nat(), fc.infiniteStream(fc.boolean()), (options, k, picks) => {
        const subset = options.filter(() => picks.next().value);
        const shuffledOrder = [...options].sort(() => (picks.next().value ? 1 : -1));
        expect(answerOutOfBounds(single(options), options[k % options.length]!)).toBeNull();
        expect(answerOutOfBounds(multiple(options), subset)).toBeNull();
        expect(answerOutOfBounds(ordered(options), shuffledOrder)).toBeNull();
        // A learner may give two left items the same right item, and leave some unpaired.
        const pairs = options.filter(() => picks.next().value).map((left) => ({ left, right: options[k % options.length]! }));
        expect(answerOutOfBounds(matching(options, options), pairs)).toBeNull();
        expect(answerOutOfBounds(single(options), null)).toBeNull();
      }),
    );
  });

  it('refuses any answer holding a text its question does not', () => {
    fc.assert(
      fc.property(choices, foreign, fc.nat(), (options, outsider, k) => {
        const at = k % options.length;
        const spoiled = options.map((o, i) => (i === at ? outsider : o));
        expect(answerOutOfBounds(single(options), outsider)).not.toBeNull();
        expect(answerOutOfBounds(multiple(options), [outsider])).not.toBeNull();
        expect(answerOutOfBounds(ordered(options), spoiled)).not.toBeNull();
        expect(answerOutOfBounds(matching(options, options), [{ left: options[at]!, right: outsider }])).not.toBeNull();
        expect(answerOutOfBounds(matching(options, options), [{ left: outsider, right: options[at]! }])).not.toBeNull();
      }),
    );
  });

  it('refuses repeats that would make an attempt larger than its question', () => {
    fc.assert(
      fc.property(choices, fc.integer({ min: 2, max: 50 }), (options, times) => {
        expect(answerOutOfBounds(multiple(options), Array(times).fill(options[0]))).not.toBeNull();
        expect(answerOutOfBounds(ordered(options), [...options, options[0]!])).not.toBeNull();
        expect(answerOutOfBounds(matching(options, options), Array(times).fill({ left: options[0], right: options[1] }))).not.toBeNull();
      }),
    );
  });
});
