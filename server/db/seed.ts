/**
 * Demo content for a new installation: accounts for every role, two books with chapters,
 * images and quizzes. Runs only on an empty database (no users) and never with SEED_DEMO=0.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { checkChapterContent } from '../../src/contract/rich-text';
import { quizDataSchema } from '../../src/contract/quiz';
import type { Config } from '../config';
import { hashPassword } from '../lib/passwords';
import { nowIso } from '../lib/time';
import { createRepositories } from '../repositories';
import type { Db } from './database';
import { demoBooks } from './seed-content';

const MEDIA_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed-media');

/** Printed at start and listed in the README; for demonstration only. */
export const DEMO_PASSWORD = 'Endotrainer#2026';
export const DEMO_ACCOUNTS = [
  { key: 'superuser', role: 'Superuser (staff)', email: 'director@institute.example', full_name: 'Institute Director (demo)', superuser: true, staff: true },
  { key: 'author', role: 'Faculty author', email: 'faculty@institute.example', full_name: 'Faculty Author (demo)', superuser: false, staff: true },
  { key: 'owner', role: 'Organization owner', email: 'owner@cityhospital.example', full_name: 'Head of Surgery (demo)', superuser: false, staff: false },
  { key: 'admin', role: 'Organization admin', email: 'admin@cityhospital.example', full_name: 'Training Coordinator (demo)', superuser: false, staff: false },
  { key: 'member', role: 'Organization member', email: 'resident@cityhospital.example', full_name: 'Surgical Resident (demo)', superuser: false, staff: false },
  { key: 'individual', role: 'Individual learner', email: 'learner@example.com', full_name: 'Postgraduate Learner (demo)', superuser: false, staff: false },
] as const;
export const DEMO_ORGANIZATION = 'City Hospital Department of Surgery (demo)';

/** Renders a seed SVG to WebP in the media folder and records it as issued by this server. */
async function seedImage(config: Config, db: Db, file: string, width: number): Promise<string> {
  const name = file.replace(/\.svg$/, '.webp');
  const url = `/media/images/seed/${name}`;
  const target = path.join(config.mediaDir, 'images', 'seed', name);
  await mkdir(path.dirname(target), { recursive: true });
  const output = await sharp(readFileSync(path.join(MEDIA_SOURCE, file)), { density: 144 }).resize({ width }).webp({ quality: 82 }).toBuffer();
  await writeFile(target, output);
  const existing = await db.kysely.selectFrom('media_files').select('id').where('path', '=', url).executeTakeFirst();
  if (!existing)
    await db.kysely
      .insertInto('media_files')
      .values({ path: url, kind: 'image', content_type: 'image/webp', size: output.length, uploaded_by: null, created_at: nowIso() })
      .execute();
  return url;
}

/** Replaces `seed-media:<file>` image sources with the rendered WebP's URL. */
async function resolveImages(value: unknown, render: (file: string) => Promise<string>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveImages(v, render)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, v]) => [key, typeof v === 'string' && v.startsWith('seed-media:') ? await render(v.slice('seed-media:'.length)) : await resolveImages(v, render)]),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/** Seeds an empty database; answers false (and changes nothing) when it already has users. */
export async function seedDemo(db: Db, config: Config): Promise<boolean> {
  const anyUser = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const repos = createRepositories(db.kysely);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, number> = {};
  for (const account of DEMO_ACCOUNTS) {
    const user = await repos.users.create({
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
  const organization = await repos.organizations.create(DEMO_ORGANIZATION, ids.owner!);
  await repos.organizations.addMember(organization.id, ids.admin!, 'admin');
  await repos.organizations.addMember(organization.id, ids.member!, 'member');

  const rendered = new Map<string, Promise<string>>();
  const render = (file: string, width = 960) => {
    if (!rendered.has(file)) rendered.set(file, seedImage(config, db, file, width));
    return rendered.get(file)!;
  };

  for (const [index, book] of demoBooks.entries()) {
    // The first book belongs to the superuser; the second to a faculty author who is not one.
    const ownerId = index === 0 ? ids.superuser! : ids.author!;
    const cover = await render(book.cover, 600);
    const bookId = await repos.books.create({ title: book.title, author: book.author, description: book.description, cover_image_url: cover }, ownerId);
    for (const chapter of book.chapters) {
      const checked = checkChapterContent(await resolveImages(chapter.content, (f) => render(f)));
      if (!checked.ok) throw new Error(`Seed chapter "${chapter.title}" is invalid: ${checked.message}`);
      await repos.chapters.create(bookId, { title: chapter.title, order: chapter.order, content_delta: checked.value });
    }
    if (book.quiz) await repos.quizzes.saveNewVersion(bookId, book.quiz.title, quizDataSchema.parse(book.quiz.quiz_data), ownerId);
  }
  return true;
}
