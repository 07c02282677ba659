/**
 * Builds the real app on a real, freshly migrated database for one test file: a temporary
 * SQLite file, or — when TEST_DATABASE_URL is set — a PostgreSQL schema of its own that is
 * dropped afterwards, so no run depends on what an earlier one left.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { hashPassword } from '../../server/lib/passwords';
import type { InviteLimits, LoginLimits } from '../../server/plugins/login-limiter';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'Suture&Knot-2026';

export async function createTestApp(
  options: { env?: Record<string, string>; loginLimits?: LoginLimits; inviteLimits?: InviteLimits; distDir?: string; logger?: object } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lap-test-'));
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  let schema: string | undefined;
  if (databaseUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const db = openDatabase({ ...config, pgSchema: schema });
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    loginLimits: options.loginLimits,
    inviteLimits: options.inviteLimits,
    distDir: options.distDir,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      if (databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every route the app has registered (HEAD routes Fastify adds for GET left out), read from
 * Fastify's own route tree: `{ method: 'GET', url: '/api/books/books/:bookId/' }`.
 */
export function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    segments.length = match[1]!.length / 4;
    segments.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url: segments.join('') });
  }
  return routes;
}

/** An operation of the OpenAPI document the app serves, with what the fuzzing and contract tests read of it. */
export interface DocumentedOperation {
  /** Lower case, as the document writes it. */
  method: string;
  /** As the document writes it: `/api/books/books/{bookId}/`. */
  path: string;
  operation: OpenAPIV3_1.OperationObject;
  /** The JSON Schema of its JSON body, if it takes one. */
  body?: OpenAPIV3_1.SchemaObject;
  /** Whether it takes an upload (multipart/form-data). */
  multipart: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the app's OpenAPI document. */
export function documentedOperations(app: FastifyInstance): DocumentedOperation[] {
  const document = app.swagger() as OpenAPIV3_1.Document;
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method];
      if (!operation) return [];
      const content = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {};
      return [
        {
          method,
          path,
          operation,
          body: content['application/json']?.schema as OpenAPIV3_1.SchemaObject | undefined,
          multipart: 'multipart/form-data' in content,
        },
      ];
    }),
  );
}

let cachedHash: Promise<string> | undefined;

/** Inserts an account directly (fast), optionally in an organization with a role. */
export async function createUser(
  t: TestApp,
  user: { email: string; full_name?: string; superuser?: boolean; staff?: boolean; organization?: { id: number; role: 'owner' | 'admin' | 'member' } },
) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const created = await t.app.repos.users.create({
    email: user.email,
    password_hash: await cachedHash,
    full_name: user.full_name ?? user.email.split('@')[0]!,
    bio: '',
    phone_number: '',
    is_superuser: user.superuser ? 1 : 0,
    is_staff: user.staff || user.superuser ? 1 : 0,
    is_active: 1,
  });
  if (user.organization) await t.app.repos.organizations.addMember(user.organization.id, created.id, user.organization.role);
  return created;
}

export async function createOrganization(t: TestApp, name: string, ownerEmail: string) {
  const owner = await createUser(t, { email: ownerEmail });
  const organization = await t.app.repos.organizations.create(name, owner.id);
  return { organization, owner };
}

export async function login(t: TestApp, email: string, password = TEST_PASSWORD, ip = '127.0.0.1') {
  const res = await t.app.inject({ method: 'POST', url: '/api/accounts/login/', payload: { email, password }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access: string; refresh: string };
}

/** A JSON call as a client makes it; `token` is an access token. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.ip,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}
