/** The offline search of downloaded books: indexed from the copy, queried by stems, prefix and Hindi words, kept to the copy's version. */
import { describe, expect, it } from 'vitest';
import type { Chapter } from '../../../../src/contract/books';
import { removeOfflineBook } from '../../../../src/features/downloads/db/downloads';
import { db } from '../../../../src/lib/db';
import { copyVersion, downloadedBookIds, indexBookCopy, searchDownloadedBooks } from '../../../../src/lib/offline-search/offline-index';
import { lexicalDocument, textParagraph } from '../../../helpers/lexical-doc';
import { LEARNER, makeBook, makeChapter, storeCompleteCopy } from '../../features/books/fixtures';

const USER = LEARNER.user_id;

/** Stores a complete copy as a download does: the book row and its chapters. */
const storeCopy = (bookId: number, chapters: Chapter[], { title = `Book ${bookId}`, downloadedAt = 1_000 } = {}) =>
  storeCompleteCopy(USER, makeBook({ id: bookId, title, description: 'Ergonomics and ports.' }), chapters, downloadedAt);

const chapter = (id: number, title: string, ...paragraphs: string[]) =>
  makeChapter({ id, title, order: id, content_delta: lexicalDocument(...paragraphs.map(textParagraph)) });

const marked = (result: { snippet: string; highlights: [number, number][] }) => result.highlights.map(([start, end]) => result.snippet.slice(start, end));

describe('offline search of downloaded books', () => {
  it('finds a block by the stem of a word and answers its chapter, block index, snippet and marks', async () => {
    await storeCopy(1, [
      chapter(11, 'Access', 'Open access with a Hasson trocar.', 'Insufflate to 12 mmHg.'),
      chapter(12, 'Knots', 'Tie the knot.', 'Intracorporeal sutures need practice and patience.'),
    ]);
    const results = await searchDownloadedBooks(USER, 'suture');
    expect(results).toEqual([
      expect.objectContaining({
        book_id: 1,
        book_title: 'Book 1',
        chapter_id: 12,
        chapter_title: 'Knots',
        block: 1,
        snippet: 'Intracorporeal sutures need practice and patience.',
      }),
    ]);
    expect(marked(results[0]!)).toEqual(['sutures']);
  });

  it('matches the last word as a prefix, every word of the query, and Hindi words whole', async () => {
    await storeCopy(2, [
      chapter(21, 'Cholecystectomy', 'The critical view of safety comes before any clipping.', 'पित्ताशय की थैली को सावधानी से निकालें।'),
      chapter(22, 'Critical moments', 'Bleeding from the cystic artery.'),
    ]);
    const prefix = await searchDownloadedBooks(USER, 'critical view of saf');
    expect(prefix.map((result) => [result.chapter_id, result.block])).toEqual([[21, 0]]);
    expect(marked(prefix[0]!)).toEqual(['critical', 'view', 'safety']);

    const hindi = await searchDownloadedBooks(USER, 'पित्ताशय');
    expect(hindi.map((result) => [result.chapter_id, result.block])).toEqual([[21, 1]]);
    expect(marked(hindi[0]!)).toEqual(['पित्ताशय']);
    // A Devanagari word is not matched by a part of it that is not its start.
    expect(await searchDownloadedBooks(USER, 'त्ताशय')).toEqual([]);
  });

  it("finds a chapter's title, with no block (it opens at the chapter's start), as the server does", async () => {
    await storeCopy(7, [chapter(71, 'Retromuscular plane', 'Where the mesh lies.')]);
    const results = await searchDownloadedBooks(USER, 'retromuscular', { bookId: 7 });
    expect(results.map((result) => [result.chapter_id, result.block, result.snippet])).toEqual([[71, null, 'Retromuscular plane']]);
    expect(marked(results[0]!)).toEqual(['Retromuscular']);
  });

  it('answers a book whose title holds the word first, then the blocks; one book only when asked', async () => {
    await storeCopy(3, [chapter(31, 'Ports', 'Hernia repair needs three ports.')], { title: 'Hernia Repair' });
    await storeCopy(4, [chapter(41, 'Mesh', 'A mesh for the hernia.')]);
    const results = await searchDownloadedBooks(USER, 'hernia');
    expect(results[0]).toMatchObject({ book_id: 3, chapter_id: null, block: null });
    expect(results.map((result) => `${result.book_id}:${result.chapter_id}:${result.block}`).sort()).toEqual(['3:31:0', '3:null:null', '4:41:0']);
    const one = await searchDownloadedBooks(USER, 'hernia', { bookId: 4 });
    expect(one.map((result) => result.book_id)).toEqual([4]);
    expect(await downloadedBookIds(USER)).toEqual(new Set([3, 4]));
  });

  it('stores the index with the copy version and rebuilds it when the copy is stored again', async () => {
    await storeCopy(5, [chapter(51, 'Energy', 'Monopolar diathermy burns.')], { downloadedAt: 1_000 });
    await indexBookCopy(USER, 5);
    const first = await db.searchIndexes.get([USER, 5]);
    expect(first?.version).toBe(copyVersion({ serverUpdatedAt: '2026-01-15T10:00:00Z', downloadedAt: 1_000 }));
    expect(await searchDownloadedBooks(USER, 'diathermy')).toHaveLength(1);

    await storeCopy(5, [chapter(51, 'Energy', 'Bipolar sealing of vessels.')], { downloadedAt: 2_000 });
    expect(await searchDownloadedBooks(USER, 'diathermy')).toEqual([]);
    expect((await searchDownloadedBooks(USER, 'vessel')).map((result) => result.snippet)).toEqual(['Bipolar sealing of vessels.']);
    expect((await db.searchIndexes.get([USER, 5]))?.version).not.toBe(first?.version);
  });

  it("is removed with the download, and never answers another user's copy", async () => {
    await storeCopy(6, [chapter(61, 'Stapling', 'Linear staplers.')]);
    await indexBookCopy(USER, 6);
    expect(await searchDownloadedBooks(99, 'stapler')).toEqual([]);
    await removeOfflineBook(USER, 6);
    expect(await db.searchIndexes.get([USER, 6])).toBeUndefined();
    expect(await searchDownloadedBooks(USER, 'stapler')).toEqual([]);
  });
});
