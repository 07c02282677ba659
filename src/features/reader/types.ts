import type { ReactNode, Ref } from 'react';
import type { ParsedBook, ParsedBookQuiz } from '../../contract/book-detail';
import type { Chapter, ChapterFields } from '../../contract/books';

/** What the reader needs of a book: the contract's book with its quiz parsed (getBook gives it). */
export type ReaderBook = Pick<ParsedBook, 'id' | 'title' | 'author' | 'description' | 'cover_image_url' | 'quiz'>;

/** The quiz as the reader gets it: `questions` parsed once at the edge, null when not available. */
export type ReaderQuiz = ParsedBookQuiz;

/** What the reader needs of a chapter. */
export type ReaderChapter = Pick<Chapter, 'id' | 'title' | 'order' | 'content_delta' | 'updated_at'>;

/** A chapter as the modal saves it; content_delta is left out when the content did not change. */
export type ChapterSave = ChapterFields;

/** How the modal reads the rich-text editor when it saves (the editor feature provides it). */
export interface ChapterContentHandle {
  getContent(): unknown;
  hasChanges(): boolean;
  isUploading(): boolean;
}

export interface ChapterEditorSlot {
  initialContent: unknown;
  handleRef: Ref<ChapterContentHandle>;
  /** Id of the 'Content' label, for the editing area's accessible name. */
  labelledBy: string;
}

export interface QuizSlot {
  quiz: ReaderQuiz;
  /** 'Return to Book': leaves quiz mode and selects the first chapter. */
  onReturnToBook: () => void;
}

export type RenderChapterContent = (chapter: ReaderChapter) => ReactNode;
export type RenderChapterEditor = (slot: ChapterEditorSlot) => ReactNode;
export type RenderQuiz = (slot: QuizSlot) => ReactNode;
