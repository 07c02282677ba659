/**
 * The terms the full-text index holds and the queries that search it, built from the contract's
 * words() and stem() on both databases instead of their own tokenizers and stemmers:
 * - SQLite's porter tokenizer and PostgreSQL's english configuration stem a prefix query too, so
 *   a word typed half-way past its stem found nothing ('laparoscopi' for 'laparoscopic', whose
 *   stem is 'laparoscop'); their Porter variants also differ from the contract's, which marks the
 *   words in snippets and builds the offline index.
 * - PostgreSQL's parser splits Devanagari at its vowel signs and viramas under some locales
 *   (the database's lc_ctype decides), and its english configuration drops stop words, so
 *   "anatomy of" searched for something else than on SQLite.
 * Each word of a text is indexed as its stem and, when that differs, as the word itself (for the
 * as-typed prefix of the last query word), both at the word's position. A query needs every
 * word's stem; the last word may instead be a prefix of a word as written. That prefix is given
 * as the indexed terms it begins (`completions`, from the vocabulary `search_terms`) when they
 * are few: a prefix search reads every matching entry of every such term at once (PostgreSQL's
 * GIN index cannot skip through them), and on the bench's data at scale it took 6–12 ms of a
 * query's 7–14 ms on PostgreSQL; the same terms named took 1–2 ms.
 */
import { stem, words } from '../../src/contract/search';

/** Longer words are not indexed (PostgreSQL refuses lexemes over 2 KiB; no real word is this long). */
export const MAX_INDEXED_WORD_LENGTH = 100;
/** Positions past this are not indexed (PostgreSQL's largest tsvector position). */
export const MAX_INDEXED_WORDS = 16_383;
/** The distinct terms of one entry stop here (a tsvector is at most 1 MiB). */
const MAX_TERM_BYTES = 256 * 1024;

/** The terms at each position of a text: [stem] or [stem, word]. */
export function indexTerms(text: string): string[][] {
  const positions: string[][] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const word of words(text)) {
    if (positions.length >= MAX_INDEXED_WORDS) break;
    if (word.length > MAX_INDEXED_WORD_LENGTH) continue;
    const stemmed = stem(word);
    const terms = stemmed === word ? [word] : [stemmed, word];
    for (const term of terms)
      if (!seen.has(term)) {
        seen.add(term);
        bytes += Buffer.byteLength(term) + 8;
      }
    if (bytes > MAX_TERM_BYTES) break;
    positions.push(terms);
  }
  return positions;
}

/** The text an FTS5 column is given: the terms, space-separated (its tokenizer splits only there). */
export function ftsText(text: string): string {
  return indexTerms(text)
    .map((terms) => terms.join(' '))
    .join(' ');
}

const ftsString = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * The terms the last query word may be, beside its stem: `completions` (the indexed terms that
 * begin with it), or null for a prefix search when they are unknown or too many.
 */
export type Completions = readonly string[] | null;

function lastWordTerms(word: string, completions: Completions): string[] {
  // A completion with the word's own stem adds nothing: every word is indexed under its stem too.
  const stemmed = stem(word);
  return [stemmed, ...(completions ?? []).filter((term) => term !== stemmed && stem(term) !== stemmed)];
}

/**
 * An FTS5 MATCH expression for a query's words (searchWords(q)): every word is a quoted string,
 * never syntax; the last one its stem, or one of `completions` (else a prefix of it).
 */
export function ftsMatch(queryWords: readonly string[], completions: Completions = null): string {
  return queryWords
    .map((word, i) => {
      const stemmed = ftsString(stem(word));
      if (i < queryWords.length - 1) return stemmed;
      if (completions) {
        const terms = lastWordTerms(word, completions).map(ftsString);
        return terms.length > 1 ? `(${terms.join(' OR ')})` : terms[0]!;
      }
      return stem(word) === word ? `${ftsString(word)}*` : `(${stemmed} OR ${ftsString(word)}*)`;
    })
    .join(' AND ');
}

const lexeme = (term: string) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * A tsvector literal (cast with ::tsvector, which does not parse words again) of several fields,
 * each with its weight: `'sutur':1A,4 'sutures':1A …`. Positions run on across fields.
 */
export function tsvectorLiteral(fields: readonly { text: string; weight: 'A' | 'D' }[]): string {
  const byTerm = new Map<string, string[]>();
  let position = 0;
  for (const { text, weight } of fields) {
    for (const terms of indexTerms(text)) {
      position = Math.min(position + 1, MAX_INDEXED_WORDS);
      const label = `${position}${weight === 'D' ? '' : weight}`;
      for (const term of terms) {
        const list = byTerm.get(term);
        if (list) list.push(label);
        else byTerm.set(term, [label]);
      }
    }
  }
  return Array.from(byTerm, ([term, labels]) => `${lexeme(term)}:${labels.join(',')}`).join(' ');
}

/**
 * A tsquery literal (cast with ::tsquery, no parsing) for a query's words: every word's stem,
 * the last one or one of `completions` (else a prefix of it). With `weight`, any of the words in fields of that weight
 * (the book-title test of the ranking).
 */
export function tsqueryLiteral(queryWords: readonly string[], weight?: 'A', completions: Completions = null): string {
  const w = weight ?? '';
  const alternatives = queryWords.map((word, i) => {
    const stemmed = `${lexeme(stem(word))}${w ? `:${w}` : ''}`;
    if (i < queryWords.length - 1) return [stemmed];
    if (completions) return lastWordTerms(word, completions).map((term) => `${lexeme(term)}${w ? `:${w}` : ''}`);
    const prefix = `${lexeme(word)}:*${w}`;
    return stem(word) === word ? [prefix] : [stemmed, prefix];
  });
  if (weight) return alternatives.flat().join(' | ');
  return alternatives.map((list) => (list.length > 1 ? `(${list.join(' | ')})` : list[0]!)).join(' & ');
}
