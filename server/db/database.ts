/**
 * One query layer (Kysely) over two engines: the embedded SQLite file in DATA_DIR by default,
 * PostgreSQL when DATABASE_URL is set.
 */
import { closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use, when not the default one. */
  schema?: string;
  close(): Promise<void>;
}

// COUNT(*) arrives as a string from node-postgres (int8); the values here stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export interface DbOptions {
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL schema to use (tests run each file in its own schema). */
  pgSchema?: string;
}

/** How many prepared SQLite statements are kept (the app runs a few dozen distinct queries). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely's SQLite driver prepares every query it runs; compiling the SQL was the largest single
 * cost of a request under load. The same SQL text reuses its prepared statement instead
 * (better-sqlite3 statements are reusable and recompile themselves after a schema change;
 * nothing here streams, so a statement is never busy when it is used again). The least
 * recently used statement is dropped past STATEMENT_CACHE_SIZE distinct texts.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      if (sql === 'rollback') return rollbackIfOpen(database);
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement as unknown as SqliteStatement;
    },
  };
}

/**
 * Kysely's ROLLBACK after a failed transaction. SQLite has already rolled back by itself after
 * some errors (SQLITE_FULL, SQLITE_IOERR): a ROLLBACK then fails with "cannot rollback - no
 * transaction is active", and that error, not the real cause, reached the caller and the log.
 */
function rollbackIfOpen(database: SQLite.Database): SqliteStatement {
  return {
    reader: false,
    all: () => [],
    iterate: () => ([] as unknown[])[Symbol.iterator](),
    run: () => {
      if (database.inTransaction) database.prepare('rollback').run();
      return { changes: 0, lastInsertRowid: 0 };
    },
  };
}

/** The SQL of the hot queries (repositories/prepared.ts), by text, with a statement name each. */
const namedStatements = new Map<string, string>();

/**
 * Marks a query's SQL as hot: on PostgreSQL it then runs as a named prepared statement, parsed
 * once per connection and, after a few runs, planned once (planning took longer than running
 * these small indexed queries). Only texts registered here are named, so the set of prepared
 * statements on each connection stays small and fixed.
 */
export function registerHotQuery(sql: string): void {
  if (!namedStatements.has(sql)) namedStatements.set(sql, `hot_${namedStatements.size + 1}`);
}

function useNamedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) && rest.length === 0 ? namedStatements.get(text) : undefined;
    return name ? query({ name, text, values }) : query(text, values, ...rest);
  };
}

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // A client that loses its connection (PostgreSQL restarting) must not crash the process:
    // idle ones are reported on the pool, checked-out ones on the client itself; the query
    // in progress fails with the error and the request answers 503.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      useNamedStatements(client);
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', schema: options.pgSchema, close: () => kysely.destroy() };
  }
  // Created readable by the server's own user only (as the signing key is): it holds password
  // hashes and every learner's scores. SQLite gives its -wal and -shm files the same mode.
  if (!existsSync(options.sqliteFile)) closeSync(openSync(options.sqliteFile, 'a', 0o600));
  const database = new SQLite(options.sqliteFile);
  // WAL lets readers and one writer work at once and survived kill -9 here; FULL makes an
  // acknowledged write survive power loss; busy_timeout lets the CLI run beside the server.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
