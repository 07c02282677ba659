import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { pathId } from '../lib/route';
import { userOf } from '../plugins/auth';
import { removeUpload } from '../plugins/image-variants';
import { toBook } from '../repositories/books';
import { releaseMedia } from '../services/release-media';
import { empty, errors, json } from './schemas';

const CHAPTER_BODY_LIMIT = 3 * 1024 * 1024;

export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const removeMediaFile = (url: string) => removeUpload(app.storage, url);

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

  app.route({
    method: 'GET',
    url: '/books/books/',
    schema: {
      summary: 'Books, newest first',
      tags: ['books'],
      response: { 200: json('Books', pageSchema(bookListItemSchema)), 401: errors[401] },
    },
    handler: async (request, reply) => {
      const page = pageOf(request);
      const books = await repos.books.listJson(page, request.contentVersion);
      return sendJsonBody(reply, books.body(request, page));
    },
  });

  app.route({
    method: 'POST',
    url: '/books/books/',
    schema: {
      summary: 'Create a book (superusers)',
      tags: ['books'],
      body: createBookSchema,
      response: { 201: json('The new book', bookSchema), 400: errors[400], 401: errors[401], 403: errors[403] },
    },
    handler: async (request, reply) => {
      const { body } = request;
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

  app.route({
    method: 'GET',
    url: '/books/books/:bookId/',
    schema: {
      summary: 'A book with its owner and current quiz',
      tags: ['books'],
      params: z.object({ bookId: pathId }),
      response: { 200: json('The book', bookSchema), 401: errors[401], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { bookId } = request.params;
      const book = await repos.books.detailJson(bookId, request.contentVersion);
      if (book === null) throw notFound('Book not found.');
      return sendJsonBody(reply, book);
    },
  });

  app.route({
    method: 'DELETE',
    url: '/books/books/:bookId/',
    schema: {
      summary: 'Delete a book with its chapters and quiz (superusers); quiz history survives',
      tags: ['books'],
      params: z.object({ bookId: pathId }),
      response: { 204: empty('Deleted'), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { bookId } = request.params;
      bookManager(request);
      const media = await repos.media.urlsOfBook(bookId);
      if (!(await repos.books.delete(bookId))) throw notFound('Book not found.');
      await releaseMedia(repos, media, removeMediaFile, request.log);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'GET',
    url: '/books/books/:bookId/chapters/',
    schema: {
      summary: "The book's chapters by order, then id",
      tags: ['chapters'],
      params: z.object({ bookId: pathId }),
      response: { 200: json('Chapters', pageSchema(chapterSchema)), 401: errors[401], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { bookId } = request.params;
      if ((await repos.books.detailJson(bookId, request.contentVersion)) === null) throw notFound('Book not found.');
      const page = pageOf(request);
      // Sent as text: the stored chapter documents are not parsed and serialised again.
      const chapters = await repos.chapters.pageJson(bookId, page, request.contentVersion);
      return sendJsonBody(reply, chapters.body(request, page));
    },
  });

  app.route({
    method: 'POST',
    url: '/books/books/:bookId/chapters/',
    bodyLimit: CHAPTER_BODY_LIMIT,
    schema: {
      summary: 'Add a chapter (book owner or superuser)',
      tags: ['chapters'],
      params: z.object({ bookId: pathId }),
      body: chapterWriteSchema,
      response: { 201: json('The new chapter', chapterSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const { bookId } = request.params;
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
    app.route({
      method: method,
      url: '/books/books/:bookId/chapters/:chapterId/',
      bodyLimit: CHAPTER_BODY_LIMIT,
      schema: {
        summary: method === 'PUT' ? 'Replace a chapter (book owner or superuser)' : 'Change some fields of a chapter (book owner or superuser)',
        tags: ['chapters'],
        params: z.object({ bookId: pathId, chapterId: pathId }),
        body: method === 'PUT' ? chapterWriteSchema : chapterPatchSchema,
        response: { 200: json('The chapter', chapterSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
      handler: async (request) => {
        const { body } = request;
        const { bookId, chapterId } = request.params;
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

  app.route({
    method: 'DELETE',
    url: '/books/books/:bookId/chapters/:chapterId/',
    schema: {
      summary: 'Delete a chapter (book owner or superuser)',
      tags: ['chapters'],
      params: z.object({ bookId: pathId, chapterId: pathId }),
      response: { 204: empty('Deleted'), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { bookId, chapterId } = request.params;
      await editableBook(request, bookId);
      const { deleted, media } = await repos.transaction(async (tx) => {
        const named = await tx.media.urlsOfChapter(bookId, chapterId);
        const done = await tx.chapters.delete(bookId, chapterId);
        if (done) await tx.books.touch(bookId);
        return { deleted: done, media: named };
      });
      if (!deleted) throw notFound('Chapter not found.');
      await releaseMedia(repos, media, removeMediaFile, request.log);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'PUT',
    url: '/books/books/:bookId/quiz/',
    schema: {
      summary: "Set the book's quiz; every change stores a new version (book owner or superuser)",
      tags: ['quizzes'],
      params: z.object({ bookId: pathId }),
      body: quizWriteSchema,
      response: {
        200: json('A new version of the existing quiz', bookQuizSchema),
        201: json('The book’s first quiz', bookQuizSchema),
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const { bookId } = request.params;
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

  app.route({
    method: 'DELETE',
    url: '/books/books/:bookId/quiz/',
    schema: {
      summary: "Remove the book's quiz (book owner or superuser); takers' history survives",
      tags: ['quizzes'],
      params: z.object({ bookId: pathId }),
      response: { 204: empty('Deleted'), 401: errors[401], 403: errors[403], 404: errors[404] },
    },
    handler: async (request, reply) => {
      const { bookId } = request.params;
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
};
