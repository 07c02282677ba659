import type { ReactNode, Ref } from 'react';

/** What the reader needs of a book (the books feature's Book fits). */
export interface ReaderBook {
  id: number;
  title: string;
  author: string;
  description: string;
  cover_image_url: string;
  quiz: { id: number; title?: string; quiz_data?: string } | null;
}

/** What the reader needs of a chapter (the books feature's Chapter fits). */
export interface ReaderChapter {
  id: number;
  title: string;
  order: number;
  content_delta: unknown;
  updated_at: string;
}

/** A chapter as the modal saves it; content_delta is left out when the content did not change. */
export interface ChapterSave {
  title: string;
  order: number;
  content_delta?: unknown;
}

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
  quiz: NonNullable<ReaderBook['quiz']>;
  /** 'Return to Book': leaves quiz mode and selects the first chapter. */
  onReturnToBook: () => void;
}

export type RenderChapterContent = (chapter: ReaderChapter) => ReactNode;
export type RenderChapterEditor = (slot: ChapterEditorSlot) => ReactNode;
export type RenderQuiz = (slot: QuizSlot) => ReactNode;
