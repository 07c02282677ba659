/**
 * PostgreSQL for the fault tests: the shared server when it answers (for databases of their
 * own), and a temporary cluster of the test's own — Debian's initdb and pg_ctl, a free port,
 * a temporary folder — which a test may stop and start at will without touching the
 * machine's shared cluster.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './process';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The shared server's admin URL when it answers, else undefined. */
export async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  return (await answers(url)) ? url : undefined;
}

/** A database of its own on the shared server, dropped (connections and all) by drop(). */
export async function tempDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lap_fault_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Debian's PostgreSQL binaries (the newest installed major), or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : undefined;
}

export interface OwnCluster {
  url: string;
  port: number;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
}

/** initdb refuses to run as root: the cluster then belongs to the `postgres` account. */
function runAs(bin: string, args: string[], owner: string | undefined) {
  const result = owner ? spawnSync('runuser', ['-u', owner, '--', bin, ...args], { encoding: 'utf8' }) : spawnSync(bin, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
}

export async function ownCluster(): Promise<OwnCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const owner = userInfo().uid === 0 ? 'postgres' : undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'lap-pgcluster-'));
  const data = path.join(dir, 'data');
  if (owner) {
    const uid = Number(execFileSync('id', ['-u', owner], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', owner], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  runAs(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], owner);
  const port = await freePort();
  const log = path.join(dir, 'log');
  const ctl = (...args: string[]) => runAs(path.join(bin, 'pg_ctl'), ['-D', data, '-l', log, ...args], owner);
  const start = () => ctl('-w', '-t', '30', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: (mode = 'fast') => ctl('-w', '-m', mode, 'stop'),
    destroy() {
      try {
        ctl('-w', '-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
