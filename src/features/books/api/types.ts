/** Books and chapters as the API answers them (SPEC §3, server/routes/books.ts). */

/** The quiz as the book detail names it; quiz_data is a JSON string (the list gives only the id). */
export interface BookQuiz {
  id: number;
  title?: string;
  version?: number;
  quiz_data?: string;
}

export interface Book {
  id: number;
  title: string;
  author: string;
  description: string;
  cover_image_url: string;
  chapter_count: number;
  created_at: string;
  updated_at: string;
  /** User id of the book's owner. */
  owner: number | null;
  quiz: BookQuiz | null;
}

export interface Chapter {
  id: number;
  book: number;
  title: string;
  order: number;
  /** A Lexical editor state (`editorState.toJSON()`), a legacy Quill Delta `{ops}`, or null. */
  content_delta: unknown;
  created_at: string;
  updated_at: string;
}

export interface NewBook {
  title: string;
  author: string;
  description: string;
  cover_image_url: string;
}

export interface ChapterFields {
  title: string;
  order: number;
  content_delta?: unknown;
}

/** DRF-style page (`{count, next, previous, results}`); SPEC §7 also allows a bare array. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
