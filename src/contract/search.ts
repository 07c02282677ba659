/**
 * Search (issue 34): the query `GET /books/search/` takes, the page it answers, and the pure
 * rules that make the server's full-text index, a downloaded book's offline index and the
 * marks on a result agree: the text of each block of a chapter, the words of a query, when a
 * word of the text matches one of them, and a snippet with its highlighted ranges.
 *
 * Words are runs of letters, combining marks and digits, so a Devanagari word with its vowel
 * signs and viramas (पित्ताशय) stays whole. Text is NFC-normalised on both sides. English words
 * are compared by their Porter stem (sutures → sutur ← suture); the last word of a query also
 * matches as a prefix, as it is typed.
 */
import { stemmer } from 'stemmer';
import { deltaToLexical, isDeltaDocument } from './delta-to-lexical';
import { idSchema, pageSchema } from './fields';
import { CHAPTER_IMAGE_TYPE } from './rich-text-nodes';
import { z } from './zod';

export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Results per page of `GET /books/search/`. */
export const SEARCH_PAGE_SIZE = 20;
/** At most this many words of a query are searched; the rest are ignored. */
export const SEARCH_MAX_WORDS = 16;
/** Characters of text a snippet shows around its first match. */
export const SNIPPET_LENGTH = 180;

export const SEARCH_TEXT = {
  empty: 'Enter words to search for.',
  tooLong: `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
} as const;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Where each word of `text` is (`text` as given: offsets into it), in order. */
export function wordSpans(text: string): { start: number; end: number; word: string }[] {
  return Array.from(text.matchAll(WORD), (match) => ({ start: match.index, end: match.index + match[0].length, word: match[0] }));
}

/** The words of a text or a query, in order: NFC, lower case. */
export function words(text: string): string[] {
  return Array.from(text.normalize('NFC').toLowerCase().matchAll(WORD), (match) => match[0]);
}

/**
 * Stems already computed, as prose repeats a small vocabulary: a page of 20 snippets
 * (makeSnippet stems every word of each block) took 1.4 ms of the server's one thread without
 * them, 0.8 ms with them. Bounded by starting over when full.
 */
const STEMS = new Map<string, string>();
const MAX_STEMS = 50_000;

/** The form a word is indexed and compared by: its Porter stem for a Latin word, the word itself otherwise. */
export function stem(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    stemmed = /^[a-z]+$/.test(word) ? stemmer(word) : word;
    if (STEMS.size >= MAX_STEMS) STEMS.clear();
    STEMS.set(word, stemmed);
  }
  return stemmed;
}

/**
 * English words too common to narrow a search. A query drops them when it has other words
 * ('critical view of safety' searches critical, view, safety): every block holds them, so
 * requiring them only makes the index walk all of its entries. The index keeps them, so a
 * query of nothing else ('of') still finds them.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by for from has have if in into is it its no not of on or so such that the their then ' +
    'there these they this to was were which will with'
  ).split(' '),
);

/** The words a query searches for (at most SEARCH_MAX_WORDS, repeats and stop words dropped, in order typed). */
export function searchWords(q: string): string[] {
  const all = [...new Set(words(q))];
  const meaningful = all.filter((word) => !STOP_WORDS.has(word));
  return (meaningful.length > 0 ? meaningful : all).slice(0, SEARCH_MAX_WORDS);
}

/** `?q=&book=&page=` of GET /books/search/. A q with no word in it (only `"*-:^()`) is refused like an empty one. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_TEXT.empty })
    .transform((value) => value.normalize('NFC').trim())
    .refine((value) => value.length <= SEARCH_QUERY_MAX_LENGTH, SEARCH_TEXT.tooLong)
    .refine((value) => searchWords(value).length > 0, SEARCH_TEXT.empty),
  book: z.coerce.number().pipe(idSchema).optional(),
  page: z.coerce.number().int().min(1).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** `[start, end)` character offsets (UTF-16 units, as JavaScript's slice counts) inside a snippet. */
export const highlightSchema = z.tuple([z.number().int(), z.number().int()]);
export type Highlight = z.infer<typeof highlightSchema>;

/** One match: a chapter's block, or (chapter_id null) the book's title, author or description. */
export const searchResultSchema = z.object({
  book_id: z.number().int(),
  book_title: z.string(),
  chapter_id: z.number().int().nullable(),
  chapter_title: z.string().nullable(),
  /** Plain text around the match, never HTML. */
  snippet: z.string(),
  highlights: z.array(highlightSchema),
  /** Index of the matching block among the chapter document's top-level blocks; null for a book match. */
  block: z.number().int().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
/**
 * The server ranks and counts at most this many matches of a query (a common word is in tens of
 * thousands of blocks): a `count` of it means "this many or more", and the pages end there.
 */
export const SEARCH_COUNT_CAP = 250;
/** A page of matches; its `count` is at most SEARCH_COUNT_CAP. */
export const searchPageSchema = pageSchema(searchResultSchema);

/**
 * True when a word of the text matches a query: same stem as one of the query's words, or
 * (the last query word, still being typed) the text word starts with it.
 */
export function wordMatcher(queryWords: readonly string[]): (word: string) => boolean {
  const stems = new Set(queryWords.map(stem));
  const prefix = queryWords.at(-1);
  return (word) => {
    const lower = word.toLowerCase();
    return stems.has(stem(lower)) || (prefix !== undefined && lower.startsWith(prefix));
  };
}

type Node = { [key: string]: unknown };
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

function nodeText(node: Node, out: string[]): void {
  if (typeof node.text === 'string') out.push(node.text);
  if (node.type === 'linebreak') out.push(' ');
  if (node.type === CHAPTER_IMAGE_TYPE) {
    if (typeof node.altText === 'string') out.push(' ', node.altText);
    if (typeof node.caption === 'string') out.push(' ', node.caption);
  }
  if (Array.isArray(node.children))
    for (const child of node.children) {
      if (!isNode(child)) continue;
      nodeText(child, out);
      // Block children (list items, nested lists) are separate lines: keep their words apart.
      if (child.type === 'listitem' || child.type === 'list' || child.type === 'paragraph') out.push(' ');
    }
}

/**
 * The text of each top-level block of a chapter's stored content (a Lexical document, a legacy
 * Quill Delta, as stored or as a JSON string), in order: index i is the reader's i-th block.
 * Whitespace is collapsed and text NFC-normalised; a block with no text (a video) is ''.
 * Content that is not a document gives no blocks.
 */
export function chapterBlocks(content: unknown): string[] {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (isDeltaDocument(value)) value = deltaToLexical(value);
  if (!isNode(value) || !isNode(value.root) || !Array.isArray(value.root.children)) return [];
  return value.root.children.map((block) => {
    if (!isNode(block)) return '';
    const out: string[] = [];
    nodeText(block, out);
    return out.join('').normalize('NFC').replace(/\s+/g, ' ').trim();
  });
}

/**
 * A snippet of `text` around its first word matching the query, at most about SNIPPET_LENGTH
 * characters, cut at word boundaries with '…' where text was left out, and the ranges of every
 * matching word inside it. With no match, the text's start and no highlights.
 */
export function makeSnippet(text: string, queryWords: readonly string[], length = SNIPPET_LENGTH): { snippet: string; highlights: Highlight[] } {
  const source = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  const matches = wordMatcher(queryWords);
  const found = wordSpans(source);
  const first = found.find((token) => matches(token.word));
  let start = 0;
  if (first && source.length > length) {
    // A little context before the match, starting at a word.
    start = Math.max(0, Math.min(first.start - Math.floor(length / 4), source.length - length));
    if (start > 0) start = found.find((token) => token.start >= start)?.start ?? start;
  }
  let end = Math.min(source.length, start + length);
  if (end < source.length) {
    const cut = found.filter((token) => token.start >= start && token.end <= end).at(-1);
    if (cut && cut.end > start) end = cut.end;
  }
  const lead = start > 0 ? '… ' : '';
  const snippet = `${lead}${source.slice(start, end)}${end < source.length ? ' …' : ''}`;
  const highlights: Highlight[] = found
    .filter((token) => token.start >= start && token.end <= end && matches(token.word))
    .map((token) => [token.start - start + lead.length, token.end - start + lead.length]);
  return { snippet, highlights };
}
