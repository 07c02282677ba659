/**
 * Hot queries compiled once. Kysely builds and compiles a query's SQL every time it runs
 * (a tree of immutable nodes, then a visitor): on the paths every request takes (the session
 * user, a page of books) that was a large part of the request. A prepared query is built once
 * with placeholders for its arguments, compiled once, and then only the parameter list changes.
 * The SQL text stays the same, so SQLite reuses its prepared statement as well, and PostgreSQL
 * runs it as a named prepared statement (db/database.ts).
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { registerHotQuery } from '../db/database';
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
