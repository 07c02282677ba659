/**
 * GET /api/books/search/ on the run's database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * what a signed-in reader finds, in which order and pages, with which snippet and block, and
 * that the index follows every chapter and book write at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../helpers/migrated-to';
import { chapterBlocks, SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, searchPageSchema, type SearchResult } from '../../src/contract/search';
import { migrateToLatest } from '../../server/db/migrate';
import { indexEverything } from '../../server/db/search-index';
import { createRepositories } from '../../server/repositories';
import { SEARCH_SYNTAX } from '../helpers/fuzz-arbitraries';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let su: string;
let reader: string;
let cholecystectomy: number;
let hernia: number;
let hindiChapter: number;

const image = { type: 'chapter-image', version: 1, src: '/media/images/x.webp', altText: 'Calot triangle', caption: '', width: 0, height: 0 };

async function search(query: string, token: string | null = reader) {
  const res = await call(t, 'GET', `/api/books/search/${query}`, token ? { token } : {});
  return res;
}

async function results(q: string, extra = ''): Promise<SearchResult[]> {
  const res = await search(`?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return searchPageSchema.parse(res.json()).results;
}

async function addChapter(bookId: number, title: string, content: unknown, order = 1): Promise<number> {
  const res = await call(t, 'POST', `/api/books/books/${bookId}/chapters/`, { token: su, body: { title, order, content_delta: content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function addBook(title: string, description = ''): Promise<number> {
  const res = await call(t, 'POST', '/api/books/books/', { token: su, body: { title, author: 'Faculty of Surgery', description } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** The marked words of a result, as the reader would see them. */
const marked = (result: SearchResult) => result.highlights.map(([start, end]) => result.snippet.slice(start, end));

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'su@search.example', superuser: true });
  await createUser(t, { email: 'reader@search.example' });
  su = (await login(t, 'su@search.example')).access;
  reader = (await login(t, 'reader@search.example')).access;

  cholecystectomy = await addBook('Laparoscopic Cholecystectomy', 'Gallbladder removal step by step.');
  await addChapter(
    cholecystectomy,
    'Safety first',
    lexicalDocument(
      textParagraph('Port placement for the four-port technique.'),
      image,
      textParagraph('Achieve the critical view of safety before clipping the cystic duct.'),
      textParagraph('Closing the fascia with interrupted sutures and knots; sutures are tied extracorporeally.'),
      textParagraph('Keep the camera port near the umbilicus.'),
    ),
  );
  hindiChapter = await addChapter(
    cholecystectomy,
    'हिंदी में',
    lexicalDocument(textParagraph('पित्ताशय की पथरी का ऑपरेशन ज़रूरी है।'), textParagraph('Café-au-lait patches are unrelated.')),
    2,
  );
  hernia = await addBook('Suture Techniques in Hernia Repair');
});
afterAll(() => t?.close());

describe('GET /api/books/search/', () => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await search('?q=sutures', null)).statusCode).toBe(401);
  });

  it('finds a chapter block by a word of its text, with the block, snippet and marked words', async () => {
    const [hit, ...rest] = await results('critical view');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ book_id: cholecystectomy, book_title: 'Laparoscopic Cholecystectomy', chapter_title: 'Safety first', block: 2 });
    expect(hit!.snippet).toBe('Achieve the critical view of safety before clipping the cystic duct.');
    expect(marked(hit!)).toEqual(['critical', 'view']);
  });

  it('stems English words: "suture" finds "sutures", "clip" finds "clipping"', async () => {
    const sutures = (await results('suture')).find((r) => r.chapter_id !== null);
    expect(sutures?.block).toBe(3);
    expect(marked(sutures!)).toEqual(['sutures', 'sutures']);
    expect((await results('clip')).map((r) => r.block)).toEqual([2]);
  });

  it('matches the last word as a prefix as typed, even past its stem, and only the last', async () => {
    // 'laparoscopic' is stemmed 'laparoscop': the typed 'laparoscopi' must still find it.
    for (const typed of ['lap', 'laparoscopi', 'laparoscopic'])
      expect(
        (await results(typed)).map((r) => r.book_id),
        typed,
      ).toContain(cholecystectomy);
    expect((await results('crit view')).length).toBe(0);
    expect((await results('view crit')).map((r) => r.block)).toEqual([2]);
  });

  it('completes the last word however many indexed words begin with it', async () => {
    const book = await addBook('Instrument names');
    // 40 words that begin with 'forcep': more than the server names one by one.
    const names = Array.from({ length: 40 }, (_, i) => `forcep${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    await addChapter(book, 'Forceps', lexicalDocument(...names.map((name) => textParagraph(`The ${name} grasper.`))));
    // The 40 blocks and the chapter's title 'Forceps' (stem 'forcep').
    expect((await search('?q=forcep')).json()).toMatchObject({ count: 41 });
    expect((await results('grasper forcepb')).map((r) => r.snippet)).toEqual(['The forcepba grasper.', 'The forcepbb grasper.']);
  });

  it('finds Hindi words whole, whichever Unicode form the query is in', async () => {
    const hindi = await results('पित्ताशय');
    expect(hindi.map((r) => r.chapter_id)).toEqual([hindiChapter]);
    expect(marked(hindi[0]!)).toEqual(['पित्ताशय']);
    // A part of the word is a prefix only as the last word; the whole word is one term.
    expect(await results('पित्त')).toHaveLength(1);
    expect(await results('पित्त पथरी')).toHaveLength(0);
    // ज़ written as ज + nukta (NFD) and as its own code point: one word after NFC.
    expect((await results('ज़रूरी')).map((r) => r.chapter_id)).toEqual([hindiChapter]);
    expect((await results('ज\u093Cरूरी')).map((r) => r.chapter_id)).toEqual([hindiChapter]);
    expect((await results('cafe\u0301')).map((r) => r.block)).toEqual([1]);
  });

  it('ranks a match in a book title first', async () => {
    const found = await results('sutures');
    expect(found[0]).toMatchObject({ book_id: hernia, chapter_id: null, block: null, chapter_title: null, book_title: 'Suture Techniques in Hernia Repair' });
    expect(marked(found[0]!)).toEqual(['Suture']);
    expect(found.slice(1).map((r) => r.book_id)).toEqual([cholecystectomy]);
  });

  it('finds a book by its description and author', async () => {
    const found = await results('gallbladder removal');
    expect(found.map((r) => [r.book_id, r.chapter_id])).toEqual([[cholecystectomy, null]]);
  });

  it('searches FTS syntax as words: never a 500; "near" is a word, "and" and "of" narrow nothing', async () => {
    // The fuzz suite's syntax strings, their `a` and `b` made words the index holds.
    const typed = [...SEARCH_SYNTAX.map((q) => q.replace(/\ba\b/g, 'sutures').replace(/\bb\b/g, 'fascia')), '"sutures" "fascia', 'x'.repeat(120)];
    for (const q of typed) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect([200, 400], `${q}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 200) searchPageSchema.parse(res.json());
      else expect(Object.keys(res.json())).toEqual(['q']);
    }
    expect((await results('near')).map((r) => r.block)).toEqual([4]);
    expect((await results('NEAR umbilicus')).map((r) => r.block)).toEqual([4]);
    expect((await results('sutures AND fascia')).map((r) => r.block)).toEqual([3]);
    // Stop words ("and", "of") narrow nothing and are dropped beside other words, the same on both
    // databases (the contract's list, not PostgreSQL's); typed alone they are searched.
    expect((await results('view of')).map((r) => r.block)).toEqual([2]);
    expect((await results('of')).length).toBeGreaterThan(0);
    expect(await results('cystic and')).toEqual(await results('cystic'));
  });

  it('refuses an empty q, one without words and one over 200 characters with a field error', async () => {
    for (const query of ['', '?q=', '?q=%20%20%20', `?q=${encodeURIComponent('"*-:^()')}`, `?q=${'a'.repeat(201)}`, '?q=a%00b']) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual(['q']);
    }
    expect((await search(`?q=${'a'.repeat(200)}`)).statusCode).toBe(200);
  });

  it('filters by book; an unknown book is an empty page; a bad book or page is a field error', async () => {
    expect((await results('sutures', `&book=${hernia}`)).map((r) => r.book_id)).toEqual([hernia]);
    expect((await results('sutures', `&book=${cholecystectomy}`)).map((r) => r.book_id)).toEqual([cholecystectomy]);
    const unknown = await search('?q=sutures&book=2147483647');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    for (const [query, field] of [
      ['&book=abc', 'book'],
      ['&book=0', 'book'],
      ['&book=2147483648', 'book'],
      ['&page=0', 'page'],
      ['&page=abc', 'page'],
      ['&page=1.5', 'page'],
    ]) {
      const res = await search(`?q=sutures${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
  });

  it('pages 20 results at a time with next and previous links, and answers 404 past the end', async () => {
    const book = await addBook('Trocar handbook');
    const paragraphs = Array.from({ length: 45 }, (_, i) => textParagraph(`Entry ${i}: the pneumoperitoneum pressure.`));
    await addChapter(book, 'Insufflation', lexicalDocument(...paragraphs));
    const base = '/api/books/search/?q=pneumoperitoneum';
    const first = await search('?q=pneumoperitoneum');
    expect(first.json()).toMatchObject({ count: 45, next: `${base}&page=2`, previous: null });
    expect(first.json().results).toHaveLength(SEARCH_PAGE_SIZE);
    const second = await search('?q=pneumoperitoneum&page=2');
    expect(second.json()).toMatchObject({ count: 45, next: `${base}&page=3`, previous: base });
    const third = await search('?q=pneumoperitoneum&page=3');
    expect(third.json()).toMatchObject({ count: 45, next: null, previous: `${base}&page=2` });
    const blocks = [first, second, third].flatMap((res) => (res.json().results as SearchResult[]).map((r) => r.block));
    expect(new Set(blocks).size).toBe(45);
    for (const page of ['4', '2147483647', '9007199254740991']) {
      const past = await search(`?q=pneumoperitoneum&page=${page}`);
      expect(past.statusCode, page).toBe(404);
      expect(past.json()).toEqual({ detail: 'Invalid page.' });
    }
    for (const page of ['9007199254740993', '1e300', '-1']) expect((await search(`?q=pneumoperitoneum&page=${page}`)).json()).toHaveProperty('page');
  });

  it(`counts at most ${SEARCH_COUNT_CAP} matches and pages through them, a book titled with the word still first`, async () => {
    const colon = await addBook('Colon handbook');
    const paragraphs = Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => textParagraph(`Note ${i}: a diverticulum of the sigmoid.`));
    await addChapter(colon, 'Diverticular disease', lexicalDocument(...paragraphs));
    // Added after the blocks that match, one more than the cap: still ranked, and first.
    const atlas = await addBook('Diverticulum atlas');
    const base = '/api/books/search/?q=diverticulum';
    const first = await search('?q=diverticulum');
    expect(first.json()).toMatchObject({ count: SEARCH_COUNT_CAP, next: `${base}&page=2`, previous: null });
    expect(first.json().results[0]).toMatchObject({ book_id: atlas, chapter_id: null });
    // The last page holds what is left of the cap.
    const pages = Math.ceil(SEARCH_COUNT_CAP / SEARCH_PAGE_SIZE);
    const last = await search(`?q=diverticulum&page=${pages}`);
    expect(last.json()).toMatchObject({ count: SEARCH_COUNT_CAP, next: null, previous: `${base}&page=${pages - 1}` });
    expect(last.json().results).toHaveLength(SEARCH_COUNT_CAP - (pages - 1) * SEARCH_PAGE_SIZE);
    expect((await search(`?q=diverticulum&page=${pages + 1}`)).statusCode).toBe(404);
    // In one book, the same bound.
    expect((await search(`?q=diverticulum&book=${colon}`)).json()).toMatchObject({ count: SEARCH_COUNT_CAP });
  });

  it('finds a legacy Quill Delta chapter at the right block', async () => {
    const delta = {
      ops: [
        { insert: 'Access' },
        { insert: '\n', attributes: { header: 2 } },
        { insert: 'Open Hasson technique\n' },
        { insert: 'Veress needle insufflation\n' },
      ],
    };
    expect(chapterBlocks(delta)).toEqual(['Access', 'Open Hasson technique', 'Veress needle insufflation']);
    const chapter = await t.app.repos.chapters.create(hernia, { title: 'Legacy access', order: 5, content_delta: delta });
    expect((await results('veress')).map((r) => [r.chapter_id, r.block])).toEqual([[chapter.id, 2]]);
  });

  it('a chapter edit is searchable at once: old words gone, new words found, a rename shown', async () => {
    const chapter = await addChapter(hernia, 'Mesh', lexicalDocument(textParagraph('Polypropylene mesh fixation with tackers.')));
    expect((await results('polypropylene')).map((r) => r.chapter_id)).toEqual([chapter]);
    const put = await call(t, 'PUT', `/api/books/books/${hernia}/chapters/${chapter}/`, {
      token: su,
      body: { title: 'Mesh choice', order: 1, content_delta: lexicalDocument(textParagraph('Intro'), textParagraph('Self-gripping mesh needs no tackers.')) },
    });
    expect(put.statusCode).toBe(200);
    expect((await search('?q=polypropylene')).json()).toMatchObject({ count: 0, results: [] });
    expect((await results('gripping')).map((r) => [r.chapter_id, r.block, r.chapter_title])).toEqual([[chapter, 1, 'Mesh choice']]);
    const rename = await call(t, 'PATCH', `/api/books/books/${hernia}/chapters/${chapter}/`, { token: su, body: { title: 'Mesh types' } });
    expect(rename.statusCode).toBe(200);
    expect((await results('gripping')).map((r) => r.chapter_title)).toEqual(['Mesh types']);
  });

  it("finds a chapter's title (no block: it opens at the start), and its new title once renamed", async () => {
    const chapter = await addChapter(hernia, 'Onlay or sublay', lexicalDocument(textParagraph('Where the mesh lies.')), 5);
    expect((await results('sublay')).map((r) => [r.chapter_id, r.block, r.chapter_title, r.snippet])).toEqual([
      [chapter, null, 'Onlay or sublay', 'Onlay or sublay'],
    ]);
    const rename = await call(t, 'PATCH', `/api/books/books/${hernia}/chapters/${chapter}/`, { token: su, body: { title: 'Retromuscular plane' } });
    expect(rename.statusCode).toBe(200);
    expect(await results('sublay')).toEqual([]);
    expect((await results('retromuscular')).map((r) => [r.chapter_id, r.block])).toEqual([[chapter, null]]);
    expect((await results('mesh lies')).map((r) => [r.chapter_id, r.block])).toEqual([[chapter, 0]]);
  });

  it('deleting a chapter, then its book, removes their results', async () => {
    const book = await addBook('Appendicectomy atlas', 'Stump closure');
    const chapter = await addChapter(book, 'Stump', lexicalDocument(textParagraph('Endoloop over the appendiceal stump.')));
    expect((await results('endoloop')).length).toBe(1);
    expect((await call(t, 'DELETE', `/api/books/books/${book}/chapters/${chapter}/`, { token: su })).statusCode).toBe(204);
    expect(await results('endoloop')).toEqual([]);
    const other = await addChapter(book, 'Base', lexicalDocument(textParagraph('Stapled base of the appendix.')));
    expect((await results('stapled')).map((r) => r.chapter_id)).toEqual([other]);
    expect((await results('appendicectomy')).length).toBe(1);
    expect((await call(t, 'DELETE', `/api/books/books/${book}/`, { token: su })).statusCode).toBe(204);
    const empty = { count: 0, next: null, previous: null, results: [] };
    for (const q of ['stapled', 'appendicectomy', 'endoloop']) expect((await search(`?q=${q}`)).json(), q).toEqual(empty);
  });

  it('searches every book a signed-in user sees in the books list, whoever owns it', async () => {
    const list = await call(t, 'GET', '/api/books/books/', { token: reader });
    expect(list.json().results.map((b: { id: number }) => b.id)).toContain(hernia);
    // The reader owns no book; the superuser's books are in their list, so in their search.
    expect((await results('hernia')).map((r) => r.book_id)).toContain(hernia);
  });

  it('the index of what exists is rebuilt from the stored books and chapters (the migration backfill)', async () => {
    await t.db.kysely.deleteFrom('search_entries').execute();
    expect(await results('critical view')).toEqual([]);
    await indexEverything(t.db.kysely, t.db.dialect);
    expect((await results('critical view')).map((r) => r.block)).toEqual([2]);
    expect((await results('veress')).map((r) => r.block)).toEqual([2]);
    expect((await results('sutures'))[0]).toMatchObject({ book_id: hernia, chapter_id: null });
  });
});

describe('migration 011-search', () => {
  it('indexes the books and chapters a database already holds', async () => {
    const { db, close } = await databaseMigratedTo('010-contact-messages');
    try {
      const now = new Date().toISOString();
      const book = await db.kysely
        .insertInto('books')
        .values({ title: 'Stored before search', author: '', description: '', cover_image_url: '', owner_id: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const content = JSON.stringify(lexicalDocument(textParagraph('Intro'), textParagraph('Diathermy hook dissection.')));
      await db.kysely
        .insertInto('chapters')
        .values({ book_id: book.id, title: 'Old', content_delta: content, order: 1, created_at: now, updated_at: now })
        .execute();
      expect((await migrateToLatest(db))[0]).toBe('011-search');
      const search = createRepositories(db.kysely, db.dialect).search;
      const found = await search.search(['diathermy'], undefined, { page: 1, size: 20, offset: 0 });
      expect(found.results.map((r) => [r.book_id, r.block])).toEqual([[book.id, 1]]);
      expect((await search.search(['stored'], undefined, { page: 1, size: 20, offset: 0 })).results.map((r) => r.chapter_id)).toEqual([null]);
    } finally {
      await close();
    }
  });
});
