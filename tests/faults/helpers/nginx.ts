/**
 * Debian's nginx in front of app instances, with a configuration of the test's own
 * (tests/faults/nginx/nginx.conf.template, or the bench's TLS proxy's) on a free port, in a
 * temporary folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './process';

const TEMPLATE = path.join(import.meta.dirname, '../nginx/nginx.conf.template');

export function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('which', ['nginx'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The two-instance test's nginx: the template's proxy in front of both instances. */
export function startNginx(upstreams: [string, string]): Promise<Nginx> {
  return runNginx((prefix, port) =>
    readFileSync(TEMPLATE, 'utf8')
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{PORT}}', String(port))
      .replaceAll('{{UPSTREAM_A}}', upstreams[0])
      .replaceAll('{{UPSTREAM_B}}', upstreams[1]),
  );
}

/**
 * Runs nginx with the configuration `config` makes for its folder (`prefix`, with the temp
 * paths nginx needs, and where the configuration may keep other files) and a free port on
 * 127.0.0.1; resolves once the port answers. `url` is http://, whatever the configuration says.
 */
export async function runNginx(config: (prefix: string, port: number) => string): Promise<Nginx & { port: number }> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed');
  const prefix = mkdtempSync(path.join(tmpdir(), 'lap-nginx-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir));
  const port = await freePort();
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config(prefix, port));
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 10_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(path.join(prefix, 'error.log')) ? readFileSync(path.join(prefix, 'error.log'), 'utf8') : '';
      child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${output}${log}`);
    }
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(prefix, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
      }),
  };
}
