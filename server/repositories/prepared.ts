/**
 * Hot queries compiled once. Kysely builds and compiles a query's SQL every time it runs
 * (a tree of immutable nodes, then a visitor): on the paths every request takes (the session
 * user, a page of books) that was a large part of the request. A prepared query is built once
 * with placeholders for its arguments, compiled once, and then only the parameter list changes.
 * The SQL text stays the same, so SQLite reuses its prepared statement as well, and PostgreSQL
 * runs it as a named prepared statement (db/database.ts).
 */
import { type Compilable, type CompiledQuery, type Expression, type Kysely, sql } from 'kysely';
import { type Dialect, registerHotQuery } from '../db/database';
import type { Database } from '../db/schema';

const SLOT = Symbol('prepared-query-argument');
interface Slot {
  [SLOT]: number;
}
const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

export class PreparedQuery<A extends unknown[], R> {
  private compiled?: CompiledQuery<R>;

  /** `build` receives a placeholder for each argument and must use them only as query values. */
  constructor(
    private readonly arity: A['length'],
    private readonly build: (...args: A) => Compilable<R>,
  ) {}

  private compile(): CompiledQuery<R> {
    const slots = Array.from({ length: this.arity }, (_, i): Slot => ({ [SLOT]: i })) as unknown as A;
    const compiled = this.build(...slots).compile();
    const used = new Set(compiled.parameters.filter(isSlot).map((p) => p[SLOT]));
    if (used.size !== this.arity) throw new Error(`A prepared query used ${used.size} of its ${this.arity} arguments as values: ${compiled.sql}`);
    registerHotQuery(compiled.sql);
    return compiled;
  }

  /** Runs the query on `db` (the repositories' handle or a transaction) with these arguments. */
  async execute(db: Kysely<Database>, ...args: A): Promise<R[]> {
    const compiled = (this.compiled ??= this.compile());
    const parameters = compiled.parameters.map((p) => (isSlot(p) ? args[p[SLOT]] : p));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  }

  async executeTakeFirst(db: Kysely<Database>, ...args: A): Promise<R | undefined> {
    return (await this.execute(db, ...args))[0];
  }
}

/** A page's LIMIT or OFFSET as a page query's builder receives it: a placeholder, or the number written into the SQL. */
export type PageBound = number | Expression<number>;

/** How many page sizes and offsets get a statement of their own on SQLite (PagedQuery). */
const PAGE_VARIANTS = 64;

/**
 * A prepared query for a page of a list, its LIMIT and OFFSET given first. SQLite plans a
 * statement again on every run when its LIMIT or OFFSET is a bound parameter: an empty page
 * took 14 µs that way here and 2 µs with the numbers written into the SQL. So on SQLite each
 * page size and offset asked for gets a statement of its own with them written in (in practice
 * the first pages of the app's page size: a handful); past PAGE_VARIANTS kept, the bound
 * statement serves. PostgreSQL keeps one named statement with parameters.
 */
export class PagedQuery<A extends unknown[], R> {
  private readonly bound: PreparedQuery<[number, number, ...A], R>;
  private readonly literal = new Map<string, PreparedQuery<A, R>>();

  /** `build` receives the page's bounds and a placeholder for each other argument, as PreparedQuery's does. */
  constructor(
    private readonly dialect: Dialect,
    private readonly arity: A['length'],
    private readonly build: (limit: PageBound, offset: PageBound, ...args: A) => Compilable<R>,
  ) {
    this.bound = new PreparedQuery<[number, number, ...A], R>(arity + 2, (limit, offset, ...args) => build(limit, offset, ...args));
  }

  /** A page of `limit` rows from `offset` on, with these other arguments, run on `db`. */
  execute(db: Kysely<Database>, limit: number, offset: number, ...args: A): Promise<R[]> {
    if (this.dialect !== 'sqlite' || !Number.isSafeInteger(limit) || !Number.isSafeInteger(offset)) return this.bound.execute(db, limit, offset, ...args);
    const key = `${limit}:${offset}`;
    let query = this.literal.get(key);
    if (!query) {
      if (this.literal.size >= PAGE_VARIANTS) return this.bound.execute(db, limit, offset, ...args);
      query = new PreparedQuery<A, R>(this.arity, (...slots) => this.build(sql.lit(limit), sql.lit(offset), ...slots));
      this.literal.set(key, query);
    }
    return query.execute(db, ...args);
  }
}
