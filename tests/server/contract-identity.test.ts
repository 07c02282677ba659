/**
 * The server documents the contract's own response shapes: each route's answer schema is the
 * one in src/contract/ that the PWA infers its types from. The served document's schema of each
 * answer is compared with the document a route answering the contract's schema gets, so a
 * response shape declared a second time in a route would show as soon as it drifts.
 */
import Fastify from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bookListItemSchema, bookQuizSchema, bookSchema, chapterSchema } from '../../src/contract/books';
import { contactMessageSchema } from '../../src/contract/contact';
import { imageUploadedSchema, videoUploadedSchema } from '../../src/contract/media';
import { organizationMemberSchema } from '../../src/contract/organizations';
import { drillSchema, repetitionBatchResultSchema, repetitionSchema } from '../../src/contract/practice';
import { reviewBatchResultSchema, reviewCardSchema } from '../../src/contract/review';
import { scoreRecordSchema } from '../../src/contract/scores';
import { profileSchema, tokenPairSchema } from '../../src/contract/session';
import { validatorCompiler } from '../../server/lib/validation';
import { openApi } from '../../server/plugins/openapi';
import { json } from '../../server/routes/schemas';
import { createTestApp, documentedOperations, type TestApp } from '../helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Schema = OpenAPIV3_1.SchemaObject;

/** The schema the served document gives the JSON answer of `method path` with `status`. */
function documentedAnswer(method: string, path: string, status: number): Schema {
  const found = documentedOperations(t.app).find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`${method} ${path} is not documented`);
  const response = found.operation.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
  return response?.content?.['application/json']?.schema as Schema;
}

/** The schema the document gives an answer declared with `contract` itself. */
async function documentedAs(contract: z.ZodType): Promise<Schema> {
  const app = Fastify();
  await app.register(openApi);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.get('/answer', { schema: { response: { 200: json('The answer', contract) } } }, async () => ({}));
  await app.ready();
  const document = app.swagger() as OpenAPIV3_1.Document;
  await app.close();
  return (document.paths!['/answer']!.get!.responses!['200'] as OpenAPIV3_1.ResponseObject).content!['application/json']!.schema as Schema;
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
    ['uploaded image', 'post', '/api/media/upload-image/', 201, imageUploadedSchema, false],
    ['uploaded video', 'post', '/api/media/upload-video/', 201, videoUploadedSchema, false],
    ['contact messages', 'get', '/api/contact/messages/', 200, contactMessageSchema, true],
    ['marked message', 'patch', '/api/contact/messages/{messageId}/', 200, contactMessageSchema, false],
    ['review cards', 'get', '/api/review/cards/', 200, reviewCardSchema, true],
    ['review events', 'post', '/api/review/events/', 200, reviewBatchResultSchema, false],
    ['drills', 'get', '/api/practice/drills/', 200, drillSchema, true],
    ['a drill created', 'post', '/api/practice/drills/', 201, drillSchema, false],
    ['my repetitions', 'get', '/api/practice/my-repetitions/', 200, repetitionSchema, true],
    ['a batch of repetitions', 'post', '/api/practice/my-repetitions/', 200, repetitionBatchResultSchema, false],
    [
      'a repetition verified',
      'post',
      '/api/accounts/organizations/{orgId}/members/{membershipId}/repetitions/{repetitionId}/verify/',
      200,
      repetitionSchema,
      false,
    ],
  ] as const)('%s', async (_name, method, path, status, contract, paginated) => {
    const answer = documentedAnswer(method, path, status);
    // A page is `{count, next, previous, results: [item]}`: its item is the contract's.
    expect(paginated ? (answer.properties?.results as OpenAPIV3_1.ArraySchemaObject).items : answer).toEqual(await documentedAs(contract));
  });

  it('the book carries the quiz shape of the contract', () => {
    expect(bookSchema.shape.quiz.unwrap()).toBe(bookQuizSchema);
  });
});
