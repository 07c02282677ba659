import type { Kysely } from 'kysely';
import type { Database, MediaFilesTable } from '../db/schema';
import type { Insertable } from 'kysely';

export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(file: Insertable<MediaFilesTable>): Promise<void> {
    await this.db.insertInto('media_files').values(file).execute();
  }

  /** Takes back the record of a file that could not be written. */
  async forget(path: string): Promise<void> {
    await this.db.deleteFrom('media_files').where('path', '=', path).execute();
  }

  /** True when this server issued the media path (a `/media/...` URL it handed out). */
  async exists(path: string, kind?: 'image' | 'video'): Promise<boolean> {
    let query = this.db.selectFrom('media_files').select('id').where('path', '=', path);
    if (kind) query = query.where('kind', '=', kind);
    return Boolean(await query.executeTakeFirst());
  }
}
