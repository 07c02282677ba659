/**
 * The server documents (and answers) the contract's own response shapes: the schema object of
 * each route's answer IS the one in src/contract/, which the PWA infers its types from, so no
 * response shape is declared twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bookListItemSchema, bookQuizSchema, bookSchema, chapterSchema } from '../../src/contract/books';
import { organizationMemberSchema } from '../../src/contract/organizations';
import { scoreRecordSchema } from '../../src/contract/scores';
import { profileSchema, tokenPairSchema } from '../../src/contract/session';
import { createTestApp, type TestApp } from '../helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function responseSchema(method: string, path: string, status: number): z.ZodType | undefined {
  const operation = t.app.openapi.operations.find((o) => o.method === method && o.path === path);
  if (!operation) throw new Error(`${method} ${path} is not documented`);
  return operation.route.responses[status]?.schema;
}

/** The item schema of a paginated answer (`{count, next, previous, results: [item]}`). */
function pageItem(schema: z.ZodType | undefined): unknown {
  return (schema as unknown as { shape: { results: { element: unknown } } }).shape.results.element;
}

describe("routes answer the contract's schema objects", () => {
  it.each([
    ['books', 'get', '/api/books/books/', 200, bookListItemSchema, true],
    ['book detail', 'get', '/api/books/books/{bookId}/', 200, bookSchema, false],
    ['created book', 'post', '/api/books/books/', 201, bookSchema, false],
    ['chapters', 'get', '/api/books/books/{bookId}/chapters/', 200, chapterSchema, true],
    ['new chapter', 'post', '/api/books/books/{bookId}/chapters/', 201, chapterSchema, false],
    ['changed chapter', 'patch', '/api/books/books/{bookId}/chapters/{chapterId}/', 200, chapterSchema, false],
    ['quiz', 'put', '/api/books/books/{bookId}/quiz/', 200, bookQuizSchema, false],
    ['score record', 'post', '/api/books/quizzes/{quizId}/scores/', 201, scoreRecordSchema, false],
    ['my scores', 'get', '/api/books/my-scores/', 200, scoreRecordSchema, true],
    ['members', 'get', '/api/accounts/organizations/{orgId}/users/', 200, organizationMemberSchema, true],
    ['tokens', 'post', '/api/accounts/login/', 200, tokenPairSchema, false],
    ['profile', 'get', '/api/accounts/profile/', 200, profileSchema, false],
  ] as const)('%s', (_name, method, path, status, contract, paginated) => {
    const schema = responseSchema(method, path, status);
    expect(paginated ? pageItem(schema) : schema).toBe(contract);
  });

  it('the book carries the quiz shape of the contract', () => {
    expect(bookSchema.shape.quiz.unwrap()).toBe(bookQuizSchema);
  });
});
