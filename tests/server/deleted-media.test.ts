/**
 * Images and videos of deleted books and chapters are no longer served once nothing names
 * them (issue 32 point 13): a deleted book's cover and chapter images answer 404, their
 * phone-sized copies too, and their records are gone; an image another book still shows
 * stays. Real uploads (sharp), real files under the test's media folder, the run's database.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_IMAGE_TYPE, CHAPTER_VIDEO_TYPE } from '../../src/contract/rich-text';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers/server-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'root@media.example', superuser: true });
  token = (await login(t, 'root@media.example')).access;
});
afterAll(() => t?.close());

async function upload(field: 'image' | 'video', data: Buffer, type: string, filename: string): Promise<string> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/media/upload-${field}/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode).toBe(201);
  const body = response.json<{ imageUrl?: string; videoUrl?: string }>();
  return (body.imageUrl ?? body.videoUrl)!;
}

const picture = async () =>
  upload(
    'image',
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: `#${randomBytes(3).toString('hex')}` } })
      .png()
      .toBuffer(),
    'image/png',
    'port.png',
  );

/** An MP4 of a few bytes: an ftyp box file-type detection takes as video/mp4. */
function box(type: string, body: Buffer) {
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(out.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  return out;
}
const clip = () =>
  upload(
    'video',
    Buffer.concat([box('ftyp', Buffer.from('isom\u0000\u0000\u0002\u0000isomiso2', 'latin1')), box('mdat', randomBytes(1024))]),
    'video/mp4',
    'clip.mp4',
  );

const element = { version: 1, format: '', indent: 0, direction: null };
const documentShowing = (images: string[], videos: string[] = []) => ({
  root: {
    ...element,
    type: 'root',
    children: [
      { ...element, type: 'paragraph', textFormat: 0, textStyle: '', children: [] },
      ...images.map((src) => ({ type: CHAPTER_IMAGE_TYPE, version: 1, src, altText: 'Port placement', width: 1200, height: 800, caption: '' })),
      ...videos.map((src) => ({ type: CHAPTER_VIDEO_TYPE, version: 1, src })),
    ],
  },
});

async function bookWith(title: string, cover: string, chapters: { images: string[]; videos?: string[] }[]) {
  const book = await call(t, 'POST', '/api/books/books/', { token, body: { title, cover_image_url: cover } });
  expect(book.statusCode).toBe(201);
  const bookId = book.json<{ id: number }>().id;
  const chapterIds: number[] = [];
  for (const [i, chapter] of chapters.entries()) {
    const res = await call(t, 'POST', `/api/books/books/${bookId}/chapters/`, {
      token,
      body: { title: `Chapter ${i + 1}`, order: i + 1, content_delta: documentShowing(chapter.images, chapter.videos) },
    });
    expect(res.statusCode).toBe(201);
    chapterIds.push(res.json<{ id: number }>().id);
  }
  return { bookId, chapterIds };
}

const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const recorded = async (url: string) => t.app.repos.media.exists(url);

describe('media of deleted content', () => {
  it("answers 404 for a deleted book's cover, chapter images (and their phone-sized copies) and videos, and forgets them", async () => {
    const [cover, image, video] = [await picture(), await picture(), await clip()];
    const { bookId } = await bookWith('Deleted', cover, [{ images: [image], videos: [video] }]);
    for (const url of [cover, image, `${image}?w=480`, video]) expect(await status(url), url).toBe(200);

    expect((await call(t, 'DELETE', `/api/books/books/${bookId}/`, { token })).statusCode).toBe(204);
    for (const url of [cover, image, `${image}?w=480`, `${image}?w=960`, video]) expect(await status(url), url).toBe(404);
    for (const url of [cover, image, video]) expect(await recorded(url), url).toBe(false);
  });

  it('keeps an image another book still shows, and removes it with the last chapter that names it', async () => {
    const shared = await picture();
    const first = await bookWith('First', '', [{ images: [shared] }]);
    const second = await bookWith('Second', '', [{ images: [shared] }, { images: [] }]);

    expect((await call(t, 'DELETE', `/api/books/books/${first.bookId}/`, { token })).statusCode).toBe(204);
    expect(await status(shared)).toBe(200);
    // The other chapter of the second book names nothing: deleting it changes nothing.
    expect((await call(t, 'DELETE', `/api/books/books/${second.bookId}/chapters/${second.chapterIds[1]}/`, { token })).statusCode).toBe(204);
    expect(await status(shared)).toBe(200);

    expect((await call(t, 'DELETE', `/api/books/books/${second.bookId}/chapters/${second.chapterIds[0]}/`, { token })).statusCode).toBe(204);
    expect(await status(shared)).toBe(404);
    expect(await recorded(shared)).toBe(false);
  });

  it('keeps an image that is a book cover elsewhere', async () => {
    const image = await picture();
    await bookWith('Cover elsewhere', image, []);
    const { bookId } = await bookWith('Chapter image', '', [{ images: [image] }]);
    expect((await call(t, 'DELETE', `/api/books/books/${bookId}/`, { token })).statusCode).toBe(204);
    expect(await status(image)).toBe(200);
  });
});
