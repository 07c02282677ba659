/**
 * Search figures: GET /books/search/ latency at 10 connections over a mix of real queries (a
 * word, a phrase, a prefix as typed, a Hindi word, a word nothing holds), on the demo data and
 * on the data at scale, whose books get chapters of generated text here (SCALE_CHAPTERS_PER_BOOK
 * each, SCALE_CHAPTER_WORDS words in paragraphs, drawn as real prose is: see VOCABULARY); and the plan
 * of the search query on the scale database, which must read the full-text index.
 */
import { type CompiledQuery, Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/schema';
import { indexEverything } from '../../server/db/search-index';
import { createRepositories } from '../../server/repositories';
import { SEARCH_COUNT_CAP, searchWords } from '../../src/contract/search';
import { lexicalDocument, textParagraph } from '../helpers/lexical-doc';
import { type Endpoint, load, type LoadFigures } from './api-load';

export const SCALE_CHAPTERS_PER_BOOK = 5;
export const SCALE_CHAPTER_WORDS = 900;
export const SEARCH_CONNECTIONS = 10;

/** What learners type: in the order autocannon's connections take them, round and round. */
export const SEARCH_QUERIES = [
  'critical view of safety',
  'sutures',
  'trocar placem',
  'pneumoperitoneum pressure',
  'पित्ताशय',
  'veress',
  'hernia mesh fixation',
  'zzyzx',
];

const FUNCTION_WORDS = (
  'the of and to in a is that for with as on by be are this from at an or which it should into during after before when ' +
  'not may can than then also its these there their was were has have been if but all one two more most under over between'
).split(' ');
const SURGICAL_WORDS = (
  'laparoscopic surgeon trocar port placement pneumoperitoneum insufflation pressure veress needle umbilicus fascia peritoneum ' +
  'gallbladder cholecystectomy cystic duct artery calot triangle critical view safety dissection clip ligation ligature suture ' +
  'sutures knot intracorporeal extracorporeal holder grasper scissors hook diathermy energy bipolar harmonic stapler ' +
  'hernia inguinal mesh fixation tacks preperitoneal appendix appendicectomy mesoappendix bowel retraction camera telescope ' +
  'monitor assistant ergonomics triangulation bleeding haemostasis irrigation suction drain specimen retrieval bag closure ' +
  'complication injury bile leak conversion open technique anatomy landmarks patient position reverse trendelenburg tilt ' +
  'anaesthesia carbon dioxide flow rate litres millimetres mercury resident training endotrainer simulation practice skill'
).split(' ');
const SYLLABLES = 'ka ro mi ten sal vor dun pe li gar so ne tu bra chi dol fen ima ost rel sca tor ula vi'.split(' ');

/**
 * The words of generated prose, most frequent first, drawn by Zipf's law (the word of rank r
 * about 1/r as often as the most frequent), as in real text: function words on top, the surgical
 * terms spread over ranks 60 to about 3 000, made-up words filling 8 000 ranks. A term such as
 * 'veress' is then in a few thousand of the 650 000 blocks, not in most of them.
 */
const VOCABULARY: string[] = (() => {
  const made: string[] = [];
  for (const a of SYLLABLES) for (const b of SYLLABLES) for (const c of SYLLABLES) made.push(`${a}${b}${c}`);
  const words = [...FUNCTION_WORDS];
  let next = 0;
  for (const term of SURGICAL_WORDS) {
    words.push(term);
    for (let k = 0; k < 24; k++) words.push(made[next++]!);
  }
  while (words.length < 8_000) words.push(made[next++]!);
  return words;
})();
const ZIPF_CUMULATIVE: number[] = (() => {
  let total = 0;
  const cumulative = VOCABULARY.map((_, rank) => (total += 1 / (rank + 1)));
  return cumulative.map((value) => value / total);
})();
function zipfWord(next: () => number): string {
  const r = next();
  let low = 0;
  let high = ZIPF_CUMULATIVE.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ZIPF_CUMULATIVE[middle]! < r) low = middle + 1;
    else high = middle;
  }
  return VOCABULARY[low]!;
}
const HINDI = 'लेप्रोस्कोपिक पित्ताशय की थैली निकालने की शल्य चिकित्सा में सुरक्षा का महत्वपूर्ण दृश्य';

/** A small deterministic generator: the same text on every run. */
export function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A Lexical document of about `words` words in paragraphs of 40–120 words, with a heading. */
export function chapterDocument(next: () => number, words: number, hindi: boolean): string {
  const blocks: object[] = [{ type: 'heading', tag: 'h2', version: 1, direction: null, format: '', indent: 0, children: textParagraph('Overview').children }];
  let left = words;
  while (left > 0) {
    const length = Math.min(left, 40 + Math.floor(next() * 80));
    const text = Array.from({ length }, () => zipfWord(next)).join(' ');
    blocks.push(textParagraph(`${text.charAt(0).toUpperCase()}${text.slice(1)}.`));
    left -= length;
  }
  if (hindi) blocks.push(textParagraph(HINDI));
  return JSON.stringify(lexicalDocument(...blocks));
}

/**
 * Gives every book without chapters SCALE_CHAPTERS_PER_BOOK chapters of generated text (one in
 * twenty with a Hindi paragraph), then indexes everything anew, as the migration would.
 */
export async function seedScaleChapters(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const books = await db.selectFrom('books').select('id').where('title', 'like', 'Scale Book %').orderBy('id').execute();
  const next = random(34);
  const now = new Date().toISOString();
  const batch = 200;
  let chapters = 0;
  await db.transaction().execute(async (tx) => {
    for (let start = 0; start < books.length; start += batch) {
      const rows = books.slice(start, start + batch).flatMap(({ id }, b) =>
        Array.from({ length: SCALE_CHAPTERS_PER_BOOK }, (_, order) => ({
          book_id: id,
          title: `Chapter ${order + 1}: technique and safety`,
          content_delta: chapterDocument(next, SCALE_CHAPTER_WORDS, (start + b) % 20 === order),
          order: order + 1,
          created_at: now,
          updated_at: now,
        })),
      );
      await tx.insertInto('chapters').values(rows).execute();
      chapters += rows.length;
    }
  });
  log(`    ${chapters} chapters of about ${SCALE_CHAPTER_WORDS} words in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const indexed = performance.now();
  await db.transaction().execute(async (tx) => {
    await sql`delete from search_entries`.execute(tx);
    await indexEverything(tx, dialect);
  });
  const { count } = await db
    .selectFrom('search_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  log(`    search index of ${Number(count)} entries (books and chapter blocks) in ${((performance.now() - indexed) / 1000).toFixed(1)} s`);
}

/** p50/p99 of GET /books/search/ at SEARCH_CONNECTIONS connections, the queries taken in turn. */
export function searchLatency(baseURL: string, access: string, seconds: number): Promise<LoadFigures> {
  let turn = 0;
  const endpoint: Endpoint = {
    name: 'search',
    method: 'GET',
    url: `/api/books/search/?q=${encodeURIComponent(SEARCH_QUERIES[0]!)}`,
    headers: { authorization: `Bearer ${access}` },
    nextUrl: () => `/api/books/search/?q=${encodeURIComponent(SEARCH_QUERIES[turn++ % SEARCH_QUERIES.length]!)}`,
  };
  return load(baseURL, endpoint, { connections: SEARCH_CONNECTIONS, seconds });
}

/** The plan of the search page's query for each bench query: does it read the full-text index? */
export async function explainSearch(dataDir: string, databaseUrl: string | undefined): Promise<string[]> {
  const captured: CompiledQuery[] = [];
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const report: string[] = [];
  const plans = async (db: Kysely<Database>, dialect: 'sqlite' | 'postgres', explain: (query: CompiledQuery) => Promise<string[]>) => {
    const repos = createRepositories(db, dialect);
    for (const q of SEARCH_QUERIES) {
      captured.length = 0;
      const started = performance.now();
      const { count } = await repos.search.search(searchWords(q), undefined, { page: 1, size: 20, offset: 0 });
      const ms = performance.now() - started;
      for (const query of captured) {
        const lines = await explain(query);
        // The last word's completions read the vocabulary's key; the rest the full-text index.
        const terms = /from search_terms/.test(query.sql);
        const indexed = lines.some((line) =>
          terms ? /search_terms_pkey|search_terms USING PRIMARY KEY/.test(line) : /VIRTUAL TABLE INDEX|search_entries_document_idx/.test(line),
        );
        const kind = terms ? 'terms' : /^select count\(\*\)/i.test(query.sql.trim()) ? 'count' : 'page ';
        report.push(
          `${indexed ? 'ok  ' : 'MISS'} ${kind} '${q}' (${count} matches, capped at ${SEARCH_COUNT_CAP}, ${ms.toFixed(1)} ms uncached): ${lines.map((l) => l.trim()).join('; ')}`,
        );
      }
    }
  };
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    try {
      await plans(db, 'postgres', async (query) => {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.sql}`, query.parameters as unknown[]);
        return rows.map((r) => r['QUERY PLAN']).filter((line) => /Scan|Sort|Limit/.test(line));
      });
    } finally {
      await db.destroy();
    }
    return report;
  }
  const database = new SQLite(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }).sqliteFile, { readonly: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log });
  try {
    await plans(db, 'sqlite', async (query) =>
      (database.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail),
    );
  } finally {
    await db.destroy();
  }
  return report;
}
