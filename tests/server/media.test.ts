/**
 * Uploads and the files served from /media/: real images made with sharp, a minimal MP4,
 * real multipart bodies built with the platform's FormData, sent over app.inject.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

const MiB = 1024 * 1024;
const IMAGE_URL = /^\/media\/images\/\d{4}-\d{2}\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;
const VIDEO_URL = /^\/media\/videos\/\d{4}-\d{2}\/[0-9a-f]{32}\.mp4$/;

let t: TestApp;
let superuser: string;
let author: string;
let individual: string;

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_IMAGE_UPLOAD_MB: '1', MAX_VIDEO_UPLOAD_MB: '1' } });
  await createUser(t, { email: 'root@x.example', superuser: true });
  const writer = await createUser(t, { email: 'author@x.example' });
  await t.app.repos.books.create({ title: 'Own book', author: '', description: '', cover_image_url: '' }, writer.id);
  await createUser(t, { email: 'reader@x.example' });
  superuser = (await login(t, 'root@x.example')).access;
  author = (await login(t, 'author@x.example')).access;
  individual = (await login(t, 'reader@x.example')).access;
});
afterAll(() => t?.close());

/** A multipart body with one file (and optional text fields), as a browser's FormData sends it. */
async function multipart(field: string, data: Buffer, type: string, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([data], { type }), filename);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(
  kind: 'image' | 'video',
  data: Buffer,
  options: { field?: string; type?: string; filename?: string; token?: string | null; streamed?: boolean; app?: TestApp } = {},
) {
  const { payload, contentType } = await multipart(
    options.field ?? kind,
    data,
    options.type ?? (kind === 'image' ? 'image/png' : 'video/mp4'),
    options.filename ?? (kind === 'image' ? 'picture.png' : 'clip.mp4'),
  );
  const token = options.token === undefined ? superuser : options.token;
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: `/api/media/upload-${kind}/`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    // A stream goes without Content-Length, as a chunked upload does.
    payload: options.streamed ? Readable.from([payload]) : payload,
  });
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#336699' } });
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** An ISO BMFF box. */
function box(type: string, body: Buffer) {
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(out.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  return out;
}
const FTYP = box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'latin1')]));
const mp4 = (mdatBytes: number) => Buffer.concat([FTYP, box('free', Buffer.alloc(8)), box('mdat', randomBytes(mdatBytes))]);

/** Where a /media/ URL lives on disk. */
const onDisk = (url: string, app: TestApp = t) => path.join(app.config.mediaDir, ...url.slice('/media/'.length).split('/'));

/** Every file under the media folder (tmp/ included), relative. */
function mediaFiles(app: TestApp = t): string[] {
  const root = app.config.mediaDir;
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** Runs a refused upload and checks it left nothing behind. */
async function leavesNothing<T>(action: () => Promise<T>): Promise<T> {
  const before = mediaFiles();
  const result = await action();
  // The server cleans up before it answers; give a streamed body's writer no excuse either.
  await new Promise((r) => setTimeout(r, 20));
  expect(mediaFiles()).toEqual(before);
  return result;
}

const expectUploadError = (res: { statusCode: number; json: () => unknown; body: string }, status: number | number[]) => {
  expect([status].flat(), res.body).toContain(res.statusCode);
  expect(res.json()).toEqual({ error: expect.any(String) });
  expect((res.json() as { error: string }).error.length).toBeGreaterThan(0);
};

describe('POST /api/media/upload-image/', () => {
  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
  ] as const)('accepts a %s, stores a re-encoded image of that type under a random name', async (format, mime, ext) => {
    const original = await solid(40, 30)[format]().toBuffer();
    const res = await upload('image', original, { type: mime, filename: `ward-round.${ext}` });
    expect(res.statusCode, res.body).toBe(201);
    const { imageUrl } = res.json();
    expect(Object.keys(res.json())).toEqual(['imageUrl']);
    expect(imageUrl).toMatch(IMAGE_URL);
    expect(imageUrl.endsWith(`.${ext}`)).toBe(true);
    expect(imageUrl).not.toContain('ward-round');
    const stored = readFileSync(onDisk(imageUrl));
    expect((await fileTypeFromBuffer(stored))?.mime).toBe(mime);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format, width: 40, height: 30 });
  });

  it.each(['gif', 'webp'] as const)('accepts an animated %s well under 40 megapixels and keeps its frames', async (format) => {
    // 7 frames of 1000×1000: 1 megapixel a frame, 7 in all.
    const colours = ['#ff0000', '#ff8800', '#ffff00', '#00ff00', '#0000ff', '#4400ff', '#8800ff'];
    const frames = await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 1000, height: 1000, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animation = await sharp(frames, { join: { animated: true } })
      [format]()
      .toBuffer();
    expect(animation.length).toBeLessThan(MiB);
    const res = await upload('image', animation, { type: `image/${format}`, filename: `steps.${format}` });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await sharp(readFileSync(onDisk(res.json().imageUrl)), { animated: true }).metadata();
    expect(stored).toMatchObject({ format, width: 1000, pages: 7, pageHeight: 1000 });
  });

  it('names the file by its content, not by the declared type or name', async () => {
    const png = await solid(20, 20).png().toBuffer();
    const res = await upload('image', png, { type: 'image/jpeg', filename: 'photo.jpg' });
    expect(res.statusCode).toBe(201);
    expect(res.json().imageUrl).toMatch(/\.png$/);
  });

  it('gives every upload its own random name, even for identical bytes', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const urls = new Set<string>();
    for (let i = 0; i < 3; i++) urls.add((await upload('image', png, { token: author })).json().imageUrl);
    expect(urls.size).toBe(3);
  });

  it('accepts a PNG with HTML appended, and the stored file no longer holds the script', async () => {
    const png = await solid(32, 32).png().toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    const res = await upload('image', polyglot);
    expect(res.statusCode, res.body).toBe(201);
    const stored = readFileSync(onDisk(res.json().imageUrl));
    expect(stored.includes('<script')).toBe(false);
    expect(stored.includes('alert(')).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
    const served = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
    expect(served.rawPayload.includes('<script')).toBe(false);
  });

  it('drops metadata such as EXIF (camera, location) when it re-encodes', async () => {
    const photo = await solid(24, 24)
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'SecretPhone 9', Copyright: 'patient-name-here' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload('image', photo, { type: 'image/jpeg', filename: 'x.jpg' });
    expect(res.statusCode).toBe(201);
    const stored = readFileSync(onDisk(res.json().imageUrl));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('patient-name-here')).toBe(false);
  });

  it('refuses SVG with 415', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await leavesNothing(() => upload('image', svg, { type: 'image/svg+xml', filename: 'logo.svg' }));
    expectUploadError(res, 415);
  });

  it('refuses a PNG signature followed by HTML', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await leavesNothing(() => upload('image', fake, { type: 'image/png', filename: 'x.png' }));
    expectUploadError(res, [400, 415]);
  });

  it('refuses a PNG whose pixel data is damaged', async () => {
    const png = await solid(64, 64).png().toBuffer();
    const damaged = Buffer.concat([png.subarray(0, 40), randomBytes(200)]);
    const res = await leavesNothing(() => upload('image', damaged));
    expectUploadError(res, [400, 415]);
  });

  it.each([
    ['a text file', Buffer.from('Just some notes about trocar placement.\n'), 'text/plain', 'notes.txt'],
    ['HTML named .png', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'image/png', 'x.png'],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'), 'application/pdf', 'x.pdf'],
  ])('refuses %s with 415', async (_name, data, type, filename) => {
    const res = await leavesNothing(() => upload('image', data, { type, filename }));
    expectUploadError(res, 415);
  });

  it('refuses an image over MAX_IMAGE_UPLOAD_MB with 413', async () => {
    const big = await noise(760, 740); // ≈ 1.6 MiB
    expect(big.length).toBeGreaterThan(1.4 * MiB);
    const res = await leavesNothing(() => upload('image', big));
    expectUploadError(res, 413);
  });

  it('refuses an image just over the limit, and one sent without Content-Length, with 413', async () => {
    const justOver = await noise(610, 600); // a little over 1 MiB
    expect(justOver.length).toBeGreaterThan(MiB);
    expect(justOver.length).toBeLessThan(MiB + 60 * 1024);
    expectUploadError(await leavesNothing(() => upload('image', justOver)), 413);
    const big = await noise(760, 740);
    expectUploadError(await leavesNothing(() => upload('image', big, { streamed: true })), 413);
  });

  it('refuses an image over 40 megapixels with 413, even when the file is small', async () => {
    const huge = await solid(8000, 5001).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(MiB);
    const res = await leavesNothing(() => upload('image', huge));
    expectUploadError(res, 413);
  });

  it('refuses a file under another field name with 400', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const res = await leavesNothing(() => upload('image', png, { field: 'file' }));
    expectUploadError(res, 400);
  });

  it('refuses a form with no file with 400', async () => {
    const form = new FormData();
    form.append('caption', 'no file here');
    const request = new Request('http://upload.test/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload-image/',
      headers: { authorization: `Bearer ${superuser}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expectUploadError(res, 400);
  });

  it('refuses a JSON body with 415', async () => {
    const res = await call(t, 'POST', '/api/media/upload-image/', { token: superuser, body: { image: 'iVBORw0KGgo=' } });
    expectUploadError(res, 415);
  });

  it('refuses a user who is neither superuser nor book owner (403) and the anonymous (401)', async () => {
    const png = await solid(10, 10).png().toBuffer();
    const forbidden = await leavesNothing(() => upload('image', png, { token: individual }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: expect.any(String) });
    const anonymous = await leavesNothing(() => upload('image', png, { token: null }));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('GET /media/… (images)', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ] as const)('serves a %s with its Content-Type, nosniff and long-lived caching', async (format, mime) => {
    const res = await upload('image', await solid(12, 12)[format]().toBuffer(), { type: mime });
    const url = res.json().imageUrl;
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const maxAge = Number(/max-age=(\d+)/.exec(String(served.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(30 * 86_400);
    expect(served.rawPayload.equals(readFileSync(onDisk(url)))).toBe(true);
  });

  it('answers 404 for a file that was never uploaded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/images/2020-01/00000000000000000000000000000000.png' });
    expect(res.statusCode).toBe(404);
  });

  it.each(['/media/../db.sqlite3', '/media/%2e%2e/db.sqlite3', '/media/..%2fdb.sqlite3', '/media/images/..%2f..%2fdb.sqlite3'])(
    'never serves files outside the media folder: %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.rawPayload.includes('SQLite format')).toBe(false);
    },
  );
});

describe('POST /api/media/upload-video/', () => {
  it('the test MP4 is an MP4 by content', async () => {
    expect(await fileTypeFromBuffer(mp4(64))).toEqual({ ext: 'mp4', mime: 'video/mp4' });
  });

  it('stores an MP4 under a random name and serves it with Range support', async () => {
    const video = mp4(4096);
    const res = await upload('video', video, { token: author, filename: 'laparoscopic-cholecystectomy.mp4' });
    expect(res.statusCode, res.body).toBe(201);
    expect(Object.keys(res.json())).toEqual(['videoUrl']);
    const { videoUrl } = res.json();
    expect(videoUrl).toMatch(VIDEO_URL);
    expect(readFileSync(onDisk(videoUrl)).equals(video)).toBe(true);
    expect(mediaFiles().filter((f) => f.startsWith(`tmp${path.sep}`))).toEqual([]);

    const part = await t.app.inject({ method: 'GET', url: videoUrl, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${video.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['x-content-type-options']).toBe('nosniff');
    expect(part.rawPayload).toHaveLength(10);
    expect(part.rawPayload.equals(video.subarray(0, 10))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url: videoUrl, headers: { range: `bytes=${video.length - 5}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 5))).toBe(true);

    const outside = await t.app.inject({ method: 'GET', url: videoUrl, headers: { range: `bytes=${video.length + 10}-` } });
    expect(outside.statusCode).toBe(416);

    const whole = await t.app.inject({ method: 'GET', url: videoUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(Number(/max-age=(\d+)/.exec(String(whole.headers['cache-control']))?.[1])).toBeGreaterThanOrEqual(30 * 86_400);
    expect(whole.rawPayload.equals(video)).toBe(true);
  });

  it.each([
    [
      'a WebM',
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08]),
        Buffer.from([0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
        Buffer.alloc(200),
      ]),
      'video/webm',
    ],
    ['random bytes', randomBytes(4096), 'video/mp4'],
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(100)]), 'video/mp4'],
  ])('refuses %s with 415 and keeps nothing', async (_name, data, type) => {
    const res = await leavesNothing(() => upload('video', data, { type }));
    expectUploadError(res, 415);
  });

  it('refuses a video over MAX_VIDEO_UPLOAD_MB with 413 and keeps nothing (tmp/ included)', async () => {
    const res = await leavesNothing(() => upload('video', mp4(2 * MiB)));
    expectUploadError(res, 413);
  });

  it('refuses an oversized video sent without Content-Length with 413 and keeps nothing', async () => {
    const res = await leavesNothing(() => upload('video', mp4(2 * MiB), { streamed: true }));
    expectUploadError(res, 413);
    expect(mediaFiles().filter((f) => f.startsWith(`tmp${path.sep}`))).toEqual([]);
  });

  it('refuses a file under another field name with 400', async () => {
    const res = await leavesNothing(() => upload('video', mp4(64), { field: 'image' }));
    expectUploadError(res, 400);
  });

  it('refuses a user who is neither superuser nor book owner (403) and the anonymous (401)', async () => {
    const forbidden = await leavesNothing(() => upload('video', mp4(64), { token: individual }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: expect.any(String) });
    const anonymous = await leavesNothing(() => upload('video', mp4(64), { token: null }));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('default limits', () => {
  let d: TestApp;
  let token: string;
  beforeAll(async () => {
    d = await createTestApp();
    await createUser(d, { email: 'root@x.example', superuser: true });
    token = (await login(d, 'root@x.example')).access;
  });
  afterAll(() => d?.close());

  it('accepts a 3 MiB MP4 and a 2 MiB image (well within 200 MiB and 10 MiB)', async () => {
    const video = mp4(3 * MiB);
    const v = await upload('video', video, { app: d, token });
    expect(v.statusCode, v.body).toBe(201);
    expect(statSync(onDisk(v.json().videoUrl, d)).size).toBe(video.length);
    const image = await noise(850, 850);
    expect(image.length).toBeGreaterThan(2 * MiB);
    const i = await upload('image', image, { app: d, token });
    expect(i.statusCode, i.body).toBe(201);
  });
});

describe('book cover URLs', () => {
  const createBook = (cover_image_url: string) =>
    call(t, 'POST', '/api/books/books/', { token: superuser, body: { title: 'Cover test', author: '', description: '', cover_image_url } });

  it('accepts an image this server issued', async () => {
    const { imageUrl } = (await upload('image', await solid(30, 40).jpeg().toBuffer(), { type: 'image/jpeg' })).json();
    const res = await createBook(imageUrl);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cover_image_url).toBe(imageUrl);
  });

  it('accepts an https URL', async () => {
    const res = await createBook('https://images.example.org/covers/basic-laparoscopy.jpg');
    expect(res.statusCode).toBe(201);
    expect(res.json().cover_image_url).toBe('https://images.example.org/covers/basic-laparoscopy.jpg');
  });

  it.each([
    ['a /media/ path never issued', '/media/images/never-issued.png'],
    ['javascript:', 'javascript:alert(1)'],
    ['JaVaScRiPt: with spaces', '  JaVaScRiPt:alert(1)'],
    ['data:', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['a relative path', '../etc/passwd'],
  ])('refuses %s with a field error', async (_name, url) => {
    const res = await createBook(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ cover_image_url: [expect.any(String)] });
  });

  it('refuses an uploaded video as a cover', async () => {
    const { videoUrl } = (await upload('video', mp4(64))).json();
    const res = await createBook(videoUrl);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ cover_image_url: [expect.any(String)] });
  });
});
