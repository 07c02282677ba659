/**
 * Queries the downloaded books' stored indexes: each is loaded once (MiniSearch.loadJSON) and
 * kept with the copy version it answers for. Runs in the search worker (search.worker.ts), or
 * on the page where there is none; `ensureIndexed` builds an index that is missing or stale.
 * Queries use the contract's words and stems, the last word also as a prefix, and answer
 * results of the API's shape (`SearchResult`) with the contract's snippets.
 */
import Dexie from 'dexie';
import type MiniSearch from 'minisearch';
import type { Query } from 'minisearch';
import { makeSnippet, searchWords, stem, type SearchResult, wordMatcher, words } from '../../contract/search';
import { db, type OfflineBook } from '../db';
import { INDEX_FORMAT, type IndexDocument, loadIndex } from './index-documents';
import { copyVersion } from './store-index';

/** Most results an offline search answers (all books together). */
export const OFFLINE_RESULTS_LIMIT = 500;
/** The book's own document (title, author, description) weighs more than one block. */
const BOOK_DOCUMENT_BOOST = 3;

/** Builds the index of the user's copy of a book unless it is current. */
export type EnsureIndexed = (userId: number, bookId: number) => Promise<void>;

/** Complete copies of the user (of one book when `bookId` is given). */
export async function completeCopies(userId: number, bookId?: number): Promise<OfflineBook[]> {
  const copies =
    bookId === undefined
      ? await db.books.where('[userId+bookId]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray()
      : [await db.bookCopy(userId, bookId)].filter((copy) => copy !== undefined);
  return copies.filter((copy) => copy.status === 'complete');
}

/** Indexes loaded here, by `userId:bookId`, with the copy version they answer for. */
const loaded = new Map<string, { version: string; index: MiniSearch<IndexDocument> }>();

async function loadedIndex(userId: number, copy: OfflineBook, ensureIndexed: EnsureIndexed) {
  const key = `${userId}:${copy.bookId}`;
  const version = copyVersion(copy);
  const cached = loaded.get(key);
  if (cached?.version === version) return cached;
  let row = await db.searchIndexes.get([userId, copy.bookId]);
  if (row?.version !== version || row.format !== INDEX_FORMAT) {
    await ensureIndexed(userId, copy.bookId);
    row = await db.searchIndexes.get([userId, copy.bookId]);
  }
  if (!row || row.version !== version) return null;
  const entry = { version, index: loadIndex(row.index) };
  loaded.set(key, entry);
  return entry;
}

/** Loads the indexes of the user's downloaded books ahead of a search (what is loaded stays). */
export async function loadIndexes(userId: number, ensureIndexed: EnsureIndexed): Promise<void> {
  for (const copy of await completeCopies(userId)) await loadedIndex(userId, copy, ensureIndexed);
}

/** The MiniSearch query of a search: every word by its stem, the last one also as typed, as a prefix. */
function queryOf(queryWords: string[]): Query {
  const last = queryWords.length - 1;
  return {
    combineWith: 'AND',
    queries: queryWords.map((word, i) => (i === last ? { combineWith: 'OR', prefix: true, queries: [...new Set([stem(word), word])] } : stem(word))),
  };
}

/**
 * Searches the user's downloaded books (or one of them): results as the API shapes them, a
 * book whose title holds a query word first, then by relevance. Indexes missing or stale copies first.
 */
export async function queryIndexes(userId: number, q: string, bookId: number | undefined, ensureIndexed: EnsureIndexed): Promise<SearchResult[]> {
  const queryWords = searchWords(q);
  if (queryWords.length === 0) return [];
  const copies = await completeCopies(userId, bookId);
  const indexes = await Promise.all(copies.map(async (copy) => ({ copy, entry: await loadedIndex(userId, copy, ensureIndexed) })));
  const query = queryOf(queryWords);
  const matches = wordMatcher(queryWords);
  const scored: { inTitle: boolean; score: number; result: SearchResult }[] = [];
  for (const { copy, entry } of indexes) {
    if (!entry) continue;
    for (const hit of entry.index.search(query, { boostDocument: (id) => (id === 'book' ? BOOK_DOCUMENT_BOOST : 1) })) {
      const document = hit as unknown as IndexDocument & { score: number };
      scored.push({
        // As on the server: a book whose title holds a query word comes first.
        inTitle: document.chapterId === null && words(copy.book.title).some(matches),
        score: hit.score,
        result: {
          book_id: copy.bookId,
          book_title: copy.book.title,
          chapter_id: document.chapterId,
          chapter_title: document.chapterTitle,
          block: document.block,
          ...makeSnippet(document.text, queryWords),
        },
      });
    }
  }
  scored.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || b.score - a.score);
  return scored.slice(0, OFFLINE_RESULTS_LIMIT).map(({ result }) => result);
}
