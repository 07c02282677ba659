import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bookListItemSchema,
  bookQuizSchema,
  bookSchema,
  chapterPatchSchema,
  chapterSchema,
  chapterWriteSchema,
  createBookSchema,
  quizWriteSchema,
} from '../../src/contract/books';
import { pageSchema } from '../../src/contract/fields';
import { canEditBook, canManageBooks } from '../../src/contract/permissions';
import { fieldError, forbidden, notFound } from '../lib/errors';
import { sendJsonBody } from '../lib/json-body';
import { pageOf } from '../lib/pagination';
import { defineRoute } from '../lib/route';
import { userOf } from '../plugins/auth';
import { toBook } from '../repositories/books';
import { errors } from './schemas';

const CHAPTER_BODY_LIMIT = 3 * 1024 * 1024;

export async function bookRoutes(app: FastifyInstance) {
  const { repos } = app;

  async function bookOr404(id: number) {
    const book = await repos.books.findById(id);
    if (!book) throw notFound('Book not found.');
    return book;
  }

  function bookManager(request: FastifyRequest) {
    const user = userOf(request);
    if (!canManageBooks(user)) throw forbidden();
    return user;
  }

  async function editableBook(request: FastifyRequest, id: number) {
    const user = userOf(request);
    const book = await bookOr404(id);
    if (!canEditBook(user, book)) throw forbidden('Only the book’s owner or a superuser may change it.');
    return { user, book };
  }

  async function isAcceptableCoverUrl(url: string): Promise<boolean> {
    if (url.startsWith('/media/')) return repos.media.exists(url, 'image');
    try {
      const parsed = new URL(url);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && Boolean(parsed.hostname);
    } catch {
      return false;
    }
  }

  defineRoute(app, {
    method: 'GET',
    url: '/books/books/',
    summary: 'Books, newest first',
    tag: 'books',
    responses: { 200: { description: 'Books', schema: pageSchema(bookListItemSchema) }, 401: errors[401] },
    handler: async (request, reply) => {
      const page = pageOf(request);
      const books = await repos.books.listJson(page, request.contentVersion);
      return sendJsonBody(reply, books.body(request, page));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/books/books/',
    summary: 'Create a book (superusers)',
    tag: 'books',
    body: createBookSchema,
    responses: { 201: { description: 'The new book', schema: bookSchema }, 400: errors[400], 401: errors[401], 403: errors[403] },
    handler: async (request, reply, body) => {
      const user = bookManager(request);
      const cover = body.cover_image_url;
      if (cover && !(await isAcceptableCoverUrl(cover))) {
        throw fieldError('cover_image_url', 'Enter an http(s) address or an image uploaded to this server.');
      }
      const id = await repos.books.create(body, user.user_id);
      reply.code(201);
      return toBook(await bookOr404(id), null);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/books/books/:bookId/',
    summary: 'A book with its owner and current quiz',
    tag: 'books',
    responses: { 200: { description: 'The book', schema: bookSchema }, 401: errors[401], 404: errors[404] },
    handler: async (request, reply, _body, { bookId }) => {
      const book = await repos.books.detailJson(bookId, request.contentVersion);
      if (book === null) throw notFound('Book not found.');
      return sendJsonBody(reply, book);
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/books/books/:bookId/',
    summary: 'Delete a book with its chapters and quiz (superusers); quiz history survives',
    tag: 'books',
    responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, reply, _body, { bookId }) => {
      bookManager(request);
      if (!(await repos.books.delete(bookId))) throw notFound('Book not found.');
      return reply.code(204).send();
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/books/books/:bookId/chapters/',
    summary: "The book's chapters by order, then id",
    tag: 'chapters',
    responses: { 200: { description: 'Chapters', schema: pageSchema(chapterSchema) }, 401: errors[401], 404: errors[404] },
    handler: async (request, reply, _body, { bookId }) => {
      if ((await repos.books.detailJson(bookId, request.contentVersion)) === null) throw notFound('Book not found.');
      const page = pageOf(request);
      // Sent as text: the stored chapter documents are not parsed and serialised again.
      const chapters = await repos.chapters.pageJson(bookId, page, request.contentVersion);
      return sendJsonBody(reply, chapters.body(request, page));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/books/books/:bookId/chapters/',
    summary: 'Add a chapter (book owner or superuser)',
    tag: 'chapters',
    body: chapterWriteSchema,
    bodyLimit: CHAPTER_BODY_LIMIT,
    responses: { 201: { description: 'The new chapter', schema: chapterSchema }, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, reply, body, { bookId }) => {
      await editableBook(request, bookId);
      const chapter = await repos.transaction(async (tx) => {
        const created = await tx.chapters.create(bookId, { title: body.title, order: body.order, content_delta: body.content_delta ?? null });
        await tx.books.touch(bookId);
        return created;
      });
      reply.code(201);
      return chapter;
    },
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    defineRoute(app, {
      method,
      url: '/books/books/:bookId/chapters/:chapterId/',
      summary: method === 'PUT' ? 'Replace a chapter (book owner or superuser)' : 'Change some fields of a chapter (book owner or superuser)',
      tag: 'chapters',
      body: method === 'PUT' ? chapterWriteSchema : chapterPatchSchema,
      bodyLimit: CHAPTER_BODY_LIMIT,
      responses: { 200: { description: 'The chapter', schema: chapterSchema }, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      handler: async (request, _reply, body, { bookId, chapterId }) => {
        await editableBook(request, bookId);
        const changes = method === 'PUT' ? { ...body, content_delta: body.content_delta ?? null } : body;
        const chapter = await repos.transaction(async (tx) => {
          const updated = await tx.chapters.update(bookId, chapterId, changes);
          if (updated) await tx.books.touch(bookId);
          return updated;
        });
        if (!chapter) throw notFound('Chapter not found.');
        return chapter;
      },
    });
  }

  defineRoute(app, {
    method: 'DELETE',
    url: '/books/books/:bookId/chapters/:chapterId/',
    summary: 'Delete a chapter (book owner or superuser)',
    tag: 'chapters',
    responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, reply, _body, { bookId, chapterId }) => {
      await editableBook(request, bookId);
      const deleted = await repos.transaction(async (tx) => {
        const done = await tx.chapters.delete(bookId, chapterId);
        if (done) await tx.books.touch(bookId);
        return done;
      });
      if (!deleted) throw notFound('Chapter not found.');
      return reply.code(204).send();
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/books/books/:bookId/quiz/',
    summary: "Set the book's quiz; every change stores a new version (book owner or superuser)",
    tag: 'quizzes',
    body: quizWriteSchema,
    responses: {
      200: { description: 'A new version of the existing quiz', schema: bookQuizSchema },
      201: { description: 'The book’s first quiz', schema: bookQuizSchema },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
    handler: async (request, reply, body, { bookId }) => {
      const { user, book } = await editableBook(request, bookId);
      // quiz_data is stored as parsed: one normal form, whichever spelling was sent.
      const { quiz, created } = await repos.transaction(async (tx) => {
        const existing = await tx.quizzes.findByBook(book.id);
        const title = body.title ?? existing?.title ?? `${book.title} — Quiz`;
        const saved = await tx.quizzes.saveNewVersion(book.id, title, body.quiz_data, user.user_id);
        await tx.books.touch(book.id);
        return saved;
      });
      reply.code(created ? 201 : 200);
      return { id: quiz.id, title: quiz.title, version: quiz.version, quiz_data: quiz.quiz_data };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/books/books/:bookId/quiz/',
    summary: "Remove the book's quiz (book owner or superuser); takers' history survives",
    tag: 'quizzes',
    responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, reply, _body, { bookId }) => {
      await editableBook(request, bookId);
      const deleted = await repos.transaction(async (tx) => {
        const done = await tx.quizzes.deleteByBook(bookId);
        if (done) await tx.books.touch(bookId);
        return done;
      });
      if (!deleted) throw notFound('This book has no quiz.');
      return reply.code(204).send();
    },
  });
}
