/**
 * Issue 12: a page of a list on SQLite runs with its LIMIT and OFFSET written into the SQL
 * (SQLite plans a statement again on every run when they are bound parameters), up to 64 page
 * shapes; past that, and on PostgreSQL, the one statement with parameters serves. Either way the
 * page is the same rows.
 */
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { PagedQuery } from '../../server/repositories/prepared';

let db: Kysely<Database>;
const ran: CompiledQuery[] = [];

beforeAll(async () => {
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    log: (event) => {
      if (event.level === 'query') ran.push(event.query);
    },
  });
  await sql`create table numbers (value integer primary key)`.execute(db);
  await sql`insert into numbers (value) select value from json_each(${JSON.stringify(Array.from({ length: 100 }, (_, i) => i + 1))})`.execute(db);
});
afterAll(() => db.destroy());

/** The query's one other argument: the numbers above it (the table holds 1…100). */
const ABOVE = 0;
/** A page of the numbers (a table outside the app's schema). */
const numbersPage = (dialect: 'sqlite' | 'postgres') =>
  new PagedQuery(dialect, 1, (limit, offset, above: number) =>
    (db as unknown as Kysely<{ numbers: { value: number } }>).selectFrom('numbers').select('value').where('value', '>', above).orderBy('value').limit(limit).offset(offset),
  );

async function page(query: ReturnType<typeof numbersPage>, limit: number, offset: number) {
  ran.length = 0;
  const rows = await query.execute(db, limit, offset, ABOVE);
  return { values: rows.map((row) => row.value), sql: ran[0]!.sql, parameters: ran[0]!.parameters };
}

describe('a page query', () => {
  it('on SQLite, runs with the page size and offset written into the SQL, the other arguments bound', async () => {
    const query = numbersPage('sqlite');
    const third = await page(query, 20, 40);
    expect(third.values).toEqual(Array.from({ length: 20 }, (_, i) => i + 41));
    expect(third.sql).toMatch(/limit 20 offset 40$/);
    expect(third.parameters).toEqual([ABOVE]);
    // The same page again: the same statement.
    expect((await page(query, 20, 40)).sql).toBe(third.sql);
    expect((await page(query, 5, 95)).values).toEqual([96, 97, 98, 99, 100]);
  });

  it('keeps 64 page shapes of its own on SQLite; past them the bound statement serves, with the same rows', async () => {
    const query = numbersPage('sqlite');
    for (let offset = 0; offset < 64; offset++) expect((await page(query, 1, offset)).sql).toMatch(new RegExp(`limit 1 offset ${offset}$`));
    const past = await page(query, 1, 64);
    expect(past.sql).toMatch(/limit \? offset \?$/);
    expect(past.parameters).toEqual([ABOVE, 1, 64]);
    expect(past.values).toEqual([65]);
    // The shapes it kept still run as their own statements.
    expect((await page(query, 1, 10)).sql).toMatch(/limit 1 offset 10$/);
  });

  it('binds the page size and offset on PostgreSQL (one named statement for every page)', async () => {
    const query = numbersPage('postgres');
    const first = await page(query, 20, 0);
    expect(first.sql).toMatch(/limit \? offset \?$/);
    expect(first.parameters).toEqual([ABOVE, 20, 0]);
    expect(first.values).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await page(query, 20, 20)).sql).toBe(first.sql);
  });
});
