/**
 * Books, chapters and the quiz as the API answers them and accepts them (SPEC §3, §7).
 * The server's route schemas and the PWA's types both come from here.
 */
import { z } from './zod';
import { idSchema, optionalText } from './fields';
import { quizDataInputSchema } from './quiz';
import { checkChapterContent } from './rich-text';

/** A chapter's content_delta: checked and sanitised (rich-text.ts); the answer is the sanitised copy. */
export const chapterContentSchema = z.unknown().transform((value, ctx) => {
  const result = checkChapterContent(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.value;
});

/** The quiz as the book detail names it: quiz_data is a JSON string on the wire (SPEC §3). */
export const bookQuizSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  version: z.number().int(),
  quiz_data: z.string(),
});
export type BookQuiz = z.infer<typeof bookQuizSchema>;

const bookFields = {
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  description: z.string(),
  cover_image_url: z.string(),
  chapter_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** User id of the book's owner. */
  owner: z.number().int().nullable(),
};

/** GET /books/books/{id}/ and the answer to a create. */
export const bookSchema = z.object({ ...bookFields, quiz: bookQuizSchema.nullable() });
export type Book = z.infer<typeof bookSchema>;

/** An item of GET /books/books/: the quiz is named without its questions. */
export const bookListItemSchema = z.object({ ...bookFields, quiz: z.object({ id: z.number().int() }).nullable() });
export type BookListItem = z.infer<typeof bookListItemSchema>;

/** POST /books/books/ (SPEC §3 "Create payload"). */
export const createBookSchema = z.strictObject({
  title: z.string().trim().min(1).max(255),
  author: optionalText(255),
  description: optionalText(10_000),
  cover_image_url: optionalText(2048),
});
export type NewBook = z.input<typeof createBookSchema>;

export const chapterSchema = z.object({
  id: z.number().int(),
  book: z.number().int(),
  title: z.string(),
  order: z.number().int(),
  /** A Lexical editor state (`editorState.toJSON()`), a legacy Quill Delta `{ops}`, or null. */
  content_delta: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Chapter = z.infer<typeof chapterSchema>;

const chapterFields = {
  title: z.string().trim().min(1).max(255),
  order: z.number().int().min(0).max(1_000_000),
  content_delta: chapterContentSchema.nullable().optional(),
};
/** POST and PUT of a chapter. */
export const chapterWriteSchema = z.strictObject(chapterFields);
/** PATCH of a chapter: any of the fields. */
export const chapterPatchSchema = z.strictObject({
  title: chapterFields.title.optional(),
  order: chapterFields.order.optional(),
  content_delta: chapterFields.content_delta,
});
export type ChapterFields = z.input<typeof chapterWriteSchema>;

/** PUT /books/books/{id}/quiz/: quiz_data as a list or as the JSON string the book answers with; stored in its one normal form. */
export const quizWriteSchema = z.strictObject({
  title: z.string().trim().min(1).max(255).optional(),
  quiz_data: quizDataInputSchema,
});
export type QuizWrite = z.input<typeof quizWriteSchema>;

/** Path ids of the book routes. */
export const bookIdSchema = idSchema;
