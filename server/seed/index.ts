/**
 * Demo content for a new installation: accounts for every role, two books with chapters,
 * images and quizzes, and the practice log's drills (the five FLS tasks and the endotrainer's own). Runs only on an empty database (no users) and never with SEED_DEMO=0.
 * Writes through the same repositories as the app, in one transaction.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { quizDataSchema } from '../../src/contract/quiz';
import { checkChapterContent } from '../../src/contract/rich-text';
import { hashPassword } from '../lib/passwords';
import { nowIso } from '../lib/time';
import type { Repositories } from '../repositories';
import type { MediaStorage } from '../storage';
import { demoBooks } from './content';
import { demoDrills } from './content/drills';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION, DEMO_PASSWORD } from './demo-accounts';

export { DEMO_ACCOUNTS, DEMO_ORGANIZATION, DEMO_PASSWORD } from './demo-accounts';

const MEDIA_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media');

/** Renders a seed SVG to WebP in the media storage and records it as issued by this server. */
async function seedImage(storage: MediaStorage, repos: Repositories, file: string, width: number): Promise<string> {
  const key = `images/seed/${file.replace(/\.svg$/, '.webp')}`;
  const url = `/media/${key}`;
  const output = await sharp(readFileSync(path.join(MEDIA_SOURCE, file)), { density: 144 })
    .resize({ width })
    .webp({ quality: 82 })
    .toBuffer();
  // A file left by an earlier installation in the same folder or bucket is replaced.
  await storage.delete(key);
  await storage.put(key, output, 'image/webp');
  if (!(await repos.media.exists(url)))
    await repos.media.record({ path: url, kind: 'image', content_type: 'image/webp', size: output.length, uploaded_by: null, created_at: nowIso() });
  return url;
}

/** Replaces `seed-media:<file>` image sources with the rendered WebP's URL. */
async function resolveImages(value: unknown, render: (file: string) => Promise<string>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveImages(v, render)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, v]) => [
        key,
        typeof v === 'string' && v.startsWith('seed-media:') ? await render(v.slice('seed-media:'.length)) : await resolveImages(v, render),
      ]),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/** Seeds an empty database; answers false (and changes nothing) when it already has users. */
export async function seedDemo(repos: Repositories, storage: MediaStorage): Promise<boolean> {
  if (await repos.users.anyExists()) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return repos.transaction(async (tx) => {
    const ids: Record<string, number> = {};
    for (const account of DEMO_ACCOUNTS) {
      const user = await tx.users.create({
        email: account.email,
        password_hash: passwordHash,
        full_name: account.full_name,
        bio: '',
        phone_number: '',
        is_superuser: account.superuser ? 1 : 0,
        is_staff: account.staff ? 1 : 0,
        is_active: 1,
      });
      ids[account.key] = user.id;
    }
    const organization = await tx.organizations.create(DEMO_ORGANIZATION, ids.owner!);
    await tx.organizations.addMember(organization.id, ids.admin!, 'admin');
    await tx.organizations.addMember(organization.id, ids.member!, 'member');

    const rendered = new Map<string, Promise<string>>();
    const render = (file: string, width = 960) => {
      if (!rendered.has(file)) rendered.set(file, seedImage(storage, tx, file, width));
      return rendered.get(file)!;
    };

    for (const [index, book] of demoBooks.entries()) {
      // The first book belongs to the superuser; the second to a faculty author who is not one.
      const ownerId = index === 0 ? ids.superuser! : ids.author!;
      const cover = await render(book.cover, 600);
      const bookId = await tx.books.create({ title: book.title, author: book.author, description: book.description, cover_image_url: cover }, ownerId);
      for (const chapter of book.chapters) {
        const checked = checkChapterContent(await resolveImages(chapter.content, (f) => render(f)));
        if (!checked.ok) throw new Error(`Seed chapter "${chapter.title}" is invalid: ${checked.message}`);
        await tx.chapters.create(bookId, { title: chapter.title, order: chapter.order, content_delta: checked.value });
      }
      if (book.quiz) await tx.quizzes.saveNewVersion(bookId, book.quiz.title, quizDataSchema.parse(book.quiz.quiz_data), ownerId);
    }

    for (const drill of demoDrills) {
      const checked = checkChapterContent(drill.instructions);
      if (!checked.ok) throw new Error(`Seed drill "${drill.name}" is invalid: ${checked.message}`);
      await tx.practice.createDrill({ ...drill, instructions: checked.value, max_repetitions: null });
    }
    return true;
  });
}
