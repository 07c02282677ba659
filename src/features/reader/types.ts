import type { ReactNode, Ref } from 'react';
import type { BookQuizOrParsed, ParsedBook } from '../../contract/book-detail';
import type { Chapter, ChapterFields } from '../../contract/books';

/** What the reader needs of a book: the contract's book (getBook gives it, a downloaded copy holds it). */
export type ReaderBook = Pick<ParsedBook, 'id' | 'title' | 'author' | 'description' | 'cover_image_url'> & { quiz: ReaderQuiz | null };

/** The quiz as the reader gets it: its questions parsed already (a downloaded copy) or when the quiz opens (quizQuestions). */
export type ReaderQuiz = BookQuizOrParsed;

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
/** What follows a chapter's content (the route puts the reading-progress sentinel there). */
export type RenderChapterEnd = (chapter: ReaderChapter) => ReactNode;
export type RenderChapterEditor = (slot: ChapterEditorSlot) => ReactNode;
export type RenderQuiz = (slot: QuizSlot) => ReactNode;
