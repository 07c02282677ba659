/**
 * What a downloaded book's offline index holds and how it is tokenised, as the server's index:
 * one document per chapter title, one per block of each chapter (the blocks `chapterBlocks`
 * gives) and one for the book's title, author and description. Words and stems are the
 * contract's (`words`, `stem`), so the device matches what the server matches. Pure: the Web
 * Worker builds with it, the page loads and queries with the same options.
 */
import MiniSearch, { type Options } from 'minisearch';
import { chapterBlocks, stem, words } from '../../contract/search';

/** Bumped whenever the documents or the tokenising change: an index of another format is rebuilt. */
export const INDEX_FORMAT = 2;

/** What an index is built from: the copy's book and chapters (only the fields read). */
export interface IndexInput {
  book: { title: string; author: string; description: string };
  chapters: { id: number; title: string; content_delta: unknown }[];
}

export interface IndexDocument {
  id: string;
  /** Null for the book's own document (title, author, description). */
  chapterId: number | null;
  chapterTitle: string | null;
  /** Index of the block among the chapter document's top-level blocks; null for the book's document. */
  block: number | null;
  text: string;
}

export const INDEX_OPTIONS: Options<IndexDocument> = {
  fields: ['text'],
  storeFields: ['chapterId', 'chapterTitle', 'block', 'text'],
  tokenize: (text) => words(text),
  processTerm: (term) => stem(term),
  // Queries are made of terms already stemmed (offline-index.ts): taken as they come.
  searchOptions: { tokenize: (term) => [term], processTerm: (term) => term },
};

/** The documents of a book's index. */
export function indexDocuments({ book, chapters }: IndexInput): IndexDocument[] {
  const documents: IndexDocument[] = [
    {
      id: 'book',
      chapterId: null,
      chapterTitle: null,
      block: null,
      text: [book.title, book.author, book.description].filter((part) => part.trim()).join(' · '),
    },
  ];
  for (const chapter of chapters) {
    // The chapter's title, as on the server: a match opens the chapter at its start.
    if (chapter.title.trim())
      documents.push({ id: `${chapter.id}:title`, chapterId: chapter.id, chapterTitle: chapter.title, block: null, text: chapter.title.trim() });
    chapterBlocks(chapter.content_delta).forEach((text, block) => {
      if (text) documents.push({ id: `${chapter.id}:${block}`, chapterId: chapter.id, chapterTitle: chapter.title, block, text });
    });
  }
  return documents;
}

/** A book's index, serialised (what is stored). */
export function buildIndexJson(input: IndexInput): string {
  const index = new MiniSearch<IndexDocument>(INDEX_OPTIONS);
  index.addAll(indexDocuments(input));
  return JSON.stringify(index);
}

/** A stored index, ready to query. */
export const loadIndex = (json: string) => MiniSearch.loadJSON<IndexDocument>(json, INDEX_OPTIONS);
