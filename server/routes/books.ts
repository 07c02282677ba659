import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { chapterContentSchema } from '../../src/contract/rich-text';
import { quizDataSchema } from '../../src/contract/quiz';
import { fieldError, forbidden, notFound } from '../lib/errors';
import { pageOf, paginated } from '../lib/pagination';
import { defineRoute } from '../lib/route';
import { optionalText } from '../lib/validation';
import { canEditBook, requireSuperuser, userOf } from '../plugins/auth';
import type { BookRow } from '../repositories/books';
import { serializeChapter } from '../repositories/chapters';
import type { QuizView } from '../repositories/quizzes';
import { errors, paginatedSchema } from './schemas';


const createBookSchema = z.strictObject({
  title: z.string().trim().min(1).max(255),
  author: optionalText(255),
  description: optionalText(10_000),
  cover_image_url: optionalText(2048),
});

const chapterFields = {
  title: z.string().trim().min(1).max(255),
  order: z.number().int().min(0).max(1_000_000),
  content_delta: chapterContentSchema.nullable().optional(),
};
const createChapterSchema = z.strictObject(chapterFields);
const patchChapterSchema = z.strictObject({
  title: chapterFields.title.optional(),
  order: chapterFields.order.optional(),
  content_delta: chapterFields.content_delta,
});

const quizSchema = z.strictObject({
  title: z.string().trim().min(1).max(255).optional(),
  // The book answers quiz_data as a JSON string; accept it back in either form.
  quiz_data: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, quizDataSchema),
});

const quizViewSchema = z.object({ id: z.number().int(), title: z.string(), version: z.number().int(), quiz_data: z.string() });
const bookSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  description: z.string(),
  cover_image_url: z.string(),
  chapter_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: z.number().int().nullable(),
  quiz: quizViewSchema.nullable(),
});
const chapterSchema = z.object({
  id: z.number().int(),
  book: z.number().int(),
  title: z.string(),
  order: z.number().int(),
  content_delta: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});

const serializeQuiz = (quiz: QuizView) => ({ id: quiz.id, title: quiz.title, version: quiz.version, quiz_data: quiz.quiz_data });

export async function bookRoutes(app: FastifyInstance) {
  const { repos } = app;

  const serializeBook = (book: BookRow, quiz: QuizView | undefined | null) => ({
    id: book.id,
    title: book.title,
    author: book.author,
    description: book.description,
    cover_image_url: book.cover_image_url,
    chapter_count: book.chapter_count,
    created_at: book.created_at,
    updated_at: book.updated_at,
    owner: book.owner,
    quiz: quiz ? serializeQuiz(quiz) : null,
  });

  async function bookOr404(id: number) {
    const book = await repos.books.findById(id);
    if (!book) throw notFound('Book not found.');
    return book;
  }

  async function editableBook(request: Parameters<typeof userOf>[0], id: number) {
    const user = userOf(request);
    const book = await bookOr404(id);
    if (!canEditBook(user, book)) throw forbidden('Only the book’s owner or a superuser may change it.');
    return { user, book };
  }

  defineRoute(app, {
    method: 'GET',
    url: '/books/books/',
    summary: 'Books, newest first',
    tag: 'books',
    responses: { 200: { description: 'Books', schema: paginatedSchema(bookSchema) }, 401: errors[401] },
    handler: async (request) => {
      const page = pageOf(request);
      const { count, rows } = await repos.books.list(page);
      // The list names the quiz without its questions; the detail carries quiz_data.
      const results = rows.map((book) => ({ ...serializeBook(book, null), quiz: book.quiz_id ? { id: book.quiz_id } : null }));
      return paginated(request, page, count, results);
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
      const user = requireSuperuser(request);
      const cover = body.cover_image_url;
      if (cover && !(await isAcceptableCoverUrl(cover))) {
        throw fieldError('cover_image_url', 'Enter an http(s) address or an image uploaded to this server.');
      }
      const id = await repos.books.create(body, user.user_id);
      reply.code(201);
      return serializeBook((await repos.books.findById(id))!, null);
    },
  });

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
    url: '/books/books/:bookId/',
    summary: 'A book with its owner and current quiz',
    tag: 'books',
    responses: { 200: { description: 'The book', schema: bookSchema }, 401: errors[401], 404: errors[404] },
    handler: async (_request, _reply, _body, { bookId }) => {
      const book = await bookOr404(bookId!);
      return serializeBook(book, await repos.quizzes.findByBook(book.id));
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/books/books/:bookId/',
    summary: 'Delete a book with its chapters and quiz (superusers); quiz history survives',
    tag: 'books',
    responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, reply, _body, { bookId }) => {
      requireSuperuser(request);
      if (!(await repos.books.delete(bookId!))) throw notFound('Book not found.');
      return reply.code(204).send();
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/books/books/:bookId/chapters/',
    summary: "The book's chapters by order, then id",
    tag: 'chapters',
    responses: { 200: { description: 'Chapters', schema: paginatedSchema(chapterSchema) }, 401: errors[401], 404: errors[404] },
    handler: async (request, _reply, _body, { bookId }) => {
      await bookOr404(bookId!);
      const page = pageOf(request);
      const { count, rows } = await repos.chapters.list(bookId!, page);
      return paginated(request, page, count, rows.map(serializeChapter));
    },
  });

  const CHAPTER_BODY_LIMIT = 3 * 1024 * 1024;

  defineRoute(app, {
    method: 'POST',
    url: '/books/books/:bookId/chapters/',
    summary: 'Add a chapter (book owner or superuser)',
    tag: 'chapters',
    body: createChapterSchema,
    bodyLimit: CHAPTER_BODY_LIMIT,
    responses: { 201: { description: 'The new chapter', schema: chapterSchema }, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, reply, body, { bookId }) => {
      await editableBook(request, bookId!);
      const chapter = await repos.chapters.create(bookId!, { title: body.title, order: body.order, content_delta: body.content_delta ?? null });
      await repos.books.touch(bookId!);
      reply.code(201);
      return serializeChapter(chapter);
    },
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    defineRoute(app, {
      method,
      url: '/books/books/:bookId/chapters/:chapterId/',
      summary: method === 'PUT' ? 'Replace a chapter (book owner or superuser)' : 'Change some fields of a chapter (book owner or superuser)',
      tag: 'chapters',
      body: method === 'PUT' ? createChapterSchema : patchChapterSchema,
      bodyLimit: CHAPTER_BODY_LIMIT,
      responses: { 200: { description: 'The chapter', schema: chapterSchema }, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      handler: async (request, _reply, body, { bookId, chapterId }) => {
        await editableBook(request, bookId!);
        const changes = method === 'PUT' ? { ...body, content_delta: body.content_delta ?? null } : body;
        const chapter = await repos.chapters.update(bookId!, chapterId!, changes);
        if (!chapter) throw notFound('Chapter not found.');
        await repos.books.touch(bookId!);
        return serializeChapter(chapter);
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
      await editableBook(request, bookId!);
      if (!(await repos.chapters.delete(bookId!, chapterId!))) throw notFound('Chapter not found.');
      await repos.books.touch(bookId!);
      return reply.code(204).send();
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/books/books/:bookId/quiz/',
    summary: "Set the book's quiz; every change stores a new version (book owner or superuser)",
    tag: 'quizzes',
    body: quizSchema,
    responses: {
      200: { description: 'A new version of the existing quiz', schema: quizViewSchema },
      201: { description: 'The book’s first quiz', schema: quizViewSchema },
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
    handler: async (request, reply, body, { bookId }) => {
      const { user, book } = await editableBook(request, bookId!);
      const existing = await repos.quizzes.findByBook(book.id);
      const title = body.title ?? existing?.title ?? `${book.title} — Quiz`;
      const { quiz, created } = await repos.quizzes.saveNewVersion(book.id, title, body.quiz_data, user.user_id);
      await repos.books.touch(book.id);
      reply.code(created ? 201 : 200);
      return serializeQuiz(quiz);
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/books/books/:bookId/quiz/',
    summary: "Remove the book's quiz (book owner or superuser); takers' history survives",
    tag: 'quizzes',
    responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404] },
    handler: async (request, reply, _body, { bookId }) => {
      await editableBook(request, bookId!);
      if (!(await repos.quizzes.deleteByBook(bookId!))) throw notFound('This book has no quiz.');
      await repos.books.touch(bookId!);
      return reply.code(204).send();
    },
  });
}
