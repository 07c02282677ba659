import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createRepositories } from '../../server/repositories';
import { searchWords } from '../../src/contract/search';
import { SEARCH_QUERIES, seedScaleChapters } from './search';

const dir = process.argv[2] ?? mkdtempSync(path.join(tmpdir(), 'fts-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
const handle = openDatabase({ databaseUrl: undefined, sqliteFile: config.sqliteFile });
const db = handle.kysely;
await migrateToLatest(handle);
const owner = await db.insertInto('users').values({ email: 'o@x.example', password_hash: 'x', full_name: '', bio: '', phone_number: '', is_superuser: 1, is_staff: 1, is_active: 1, date_joined: new Date().toISOString() } as never).returning('id').executeTakeFirstOrThrow();
const now = new Date().toISOString();
for (let s = 0; s < 10_000; s += 1000)
  await db.insertInto('books').values(Array.from({ length: 1000 }, (_, i) => ({ title: `Scale Book ${s + i}: operative techniques`, author: 'A', description: 'd', cover_image_url: '', owner_id: owner.id, created_at: now, updated_at: now })) as never).execute();
await seedScaleChapters(db, 'sqlite', console.log);
const repos = createRepositories(db, 'sqlite');
async function measure(label: string) {
  for (const q of SEARCH_QUERIES) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      count = (await repos.search.search(searchWords(q), undefined, { page: 1, size: 20, offset: 0 })).count;
      times.push(performance.now() - t);
    }
    console.log(label, q, count, times.sort((a, b) => a - b)[2]!.toFixed(1), 'ms');
  }
}
await measure('before');
const t = performance.now();
await sql`insert into search_fts(search_fts) values('optimize')`.execute(db);
console.log('optimize', ((performance.now() - t) / 1000).toFixed(1), 's');
await measure('after');
await handle.close();
