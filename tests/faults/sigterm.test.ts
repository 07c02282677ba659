/**
 * SIGTERM drains the requests in flight before the server exits: an upload still arriving on
 * slow Wi-Fi and score writes sent just before the signal all get their answer and are kept;
 * once the connections already queued are taken, a new one is refused; the process exits 0 soon after the last answer (not
 * after a timeout), and the data is there after a restart.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/server-process';
import { allScores, createQuiz, createSuperuser, killAllServers, loginAs, request, scoreBody, sleep, startServer } from './helpers/process';

const PNG = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#225588' } })
  .png()
  .toBuffer();

/** A multipart upload sent in two halves, `pause` apart; resolves with the answer. */
function slowUpload(base: string, token: string, pause: Promise<void>) {
  const boundary = `----drain${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="slow.png"\r\ncontent-type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, PNG, tail]);
  const half = Math.floor(body.length / 2);
  const url = new URL(`${base}/api/media/upload-image/`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, half));
    void pause.then(() => req.end(body.subarray(half)));
  });
}

/** A GET on a new TCP connection (no keep-alive pool): status 0 and the error code when refused. */
function freshConnection(url: string) {
  return new Promise<{ status: number; error?: string }>((resolve) => {
    const req = http.get(url, { agent: false, timeout: 3000 }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, error: error.code }));
  });
}

describe('SIGTERM', () => {
  afterAll(() => killAllServers());

  it('drains the requests in flight, refuses new connections, exits 0, and keeps what it acknowledged', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: tempDataDir() };
    await createSuperuser(env);
    let server = await startServer(env);
    const { access: token } = await loginAs(server.url);
    const quizId = await createQuiz(server.url, token);
    const base = server.url;

    let releaseUpload!: () => void;
    const uploadPaused = new Promise<void>((r) => (releaseUpload = r));
    const upload = slowUpload(base, token, uploadPaused);
    await sleep(300);
    const ids = Array.from({ length: 10 }, () => randomUUID());
    const writes = ids.map((id) => request(`${base}/api/books/quizzes/${quizId}/scores/`, { method: 'POST', token, json: scoreBody(id) }));
    await sleep(30);
    const signalled = Date.now();
    server.signal('SIGTERM');
    // Connections already queued are still taken; once they stop coming the listener is closed.
    await sleep(1200);
    const refused = await freshConnection(`${base}/api/health/`);
    // The upload's second half arrives 1.5 s after the signal.
    await sleep(300);
    releaseUpload();
    const uploaded = await upload;
    const answered = Date.now();
    const writeAnswers = await Promise.all(writes);
    const code = await server.exited;
    const exitedAfterMs = Date.now() - answered;

    console.log(
      `SIGTERM: upload in flight answered ${uploaded.status} ${answered - signalled} ms after the signal; ` +
        `${writeAnswers.filter((w) => w.status === 201).length}/${ids.length} score writes acknowledged ${JSON.stringify(writeAnswers.map((w) => w.status || w.error))}; ` +
        `new connection ${refused.status === 0 ? `refused (${refused.error})` : `answered ${refused.status}`}; exit code ${code} ${exitedAfterMs} ms after the last answer`,
    );
    expect(uploaded.status).toBe(201);
    expect(writeAnswers.map((w) => w.status)).toEqual(ids.map(() => 201));
    expect(refused.status).toBe(0);
    expect(code).toBe(0);
    expect(exitedAfterMs).toBeLessThan(3000);

    server = await startServer(env);
    const stored = new Set((await allScores(server.url, token)).map((s) => s.client_attempt_id));
    expect(ids.filter((id) => !stored.has(id))).toEqual([]);
    const { imageUrl } = JSON.parse(uploaded.body) as { imageUrl: string };
    expect((await request(`${server.url}${imageUrl}`)).status).toBe(200);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
