/** The book detail as the reader gets it, and its quiz's quiz_data (a JSON string on the wire) parsed when the quiz opens. */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { bookListItemSchema, bookSchema, chapterSchema } from '../../../src/contract/books';
import type { scoreRecordSchema } from '../../../src/contract/scores';
import type { organizationMemberSchema } from '../../../src/contract/organizations';
import { parseBook, quizQuestions } from '../../../src/contract/book-detail';
import { getBook } from '../../../src/api/get-book';
import type { Book, BookListItem, Chapter } from '../../../src/features/books/api/types';
import type { OrganizationMember } from '../../../src/features/organization/api/organization-members';
import type { QuizScore } from '../../../src/features/quiz/scores/api/get-my-scores';
import { FakeApi } from '../../helpers/fake-api';
import { QUIZ } from '../../helpers/quiz-fixture';
import { makeBook } from '../features/books/fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => uninstall());

const serve = (book: Book) => api.on('GET', '/books/books/1/', { status: 200, data: book });

describe('getBook', () => {
  it('gives the book as the server sent it: the quiz named, its quiz_data not parsed yet (showing the book needs no schema library)', async () => {
    const quiz = { id: 5, title: 'Self-assessment', version: 3, quiz_data: JSON.stringify(QUIZ) };
    serve(makeBook({ quiz }));
    const book = await getBook(1);
    expect(book.quiz).toEqual(quiz);
    expect(book.title).toBe('Fundamentals of Laparoscopic Surgery');
  });

  it('gives quiz null for a book without a quiz', async () => {
    serve(makeBook({ quiz: null }));
    expect((await getBook(1)).quiz).toBeNull();
  });
});

describe('quizQuestions (when the quiz is opened)', () => {
  it("parses the wire quiz's quiz_data", () => {
    expect(quizQuestions({ id: 5, title: 'Self-assessment', version: 3, quiz_data: JSON.stringify(QUIZ) })).toEqual(QUIZ);
  });

  it.each([
    ['not JSON', '{not json'],
    ['JSON that is not a quiz', JSON.stringify([{ id: 'q1', type: 'essay' }])],
    ['an empty string', ''],
  ])('gives null when quiz_data is %s', (_, quizData) => {
    expect(quizQuestions({ id: 5, title: 'Broken', version: 1, quiz_data: quizData })).toBeNull();
  });

  it('gives the questions of a quiz parsed already (a downloaded copy keeps them so), and parseBook parses once without keeping the string', () => {
    const parsed = parseBook(makeBook({ quiz: { id: 5, title: 'Self-assessment', version: 3, quiz_data: JSON.stringify(QUIZ) } })).quiz!;
    expect(parsed).toEqual({ id: 5, title: 'Self-assessment', version: 3, questions: QUIZ });
    expect(parsed).not.toHaveProperty('quiz_data');
    expect(quizQuestions(parsed)).toBe(parsed.questions);
  });
});

describe('API types of the PWA', () => {
  it('are the contract schemas’ types, not copies', () => {
    expectTypeOf<Book>().toEqualTypeOf<z.infer<typeof bookSchema>>();
    expectTypeOf<BookListItem>().toEqualTypeOf<z.infer<typeof bookListItemSchema>>();
    expectTypeOf<Chapter>().toEqualTypeOf<z.infer<typeof chapterSchema>>();
    expectTypeOf<QuizScore>().toEqualTypeOf<z.infer<typeof scoreRecordSchema>>();
    expectTypeOf<OrganizationMember>().toEqualTypeOf<z.infer<typeof organizationMemberSchema>>();
  });
});
