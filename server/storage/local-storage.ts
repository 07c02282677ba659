import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage, StoredObject } from './media-storage';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', mp4: 'video/mp4' };

/** Media in a folder of this machine (DATA_DIR/media). */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    const target = path.resolve(this.root, key);
    if (!target.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid media key ${key}`);
    return target;
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await writeFile(target, body, { flag: 'wx' });
    } catch (error) {
      // A partial file (disk full) is not left behind; a name clash (EEXIST) is another object.
      if ((error as { code?: string }).code !== 'EEXIST') await rm(target, { force: true });
      throw error;
    }
  }

  async putFile(key: string, file: string, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file, target);
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      size = info.size;
    } catch {
      return null;
    }
    const contentType = TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream';
    if (!range) return { body: createReadStream(file), size, contentType };
    const end = Math.min(range.end ?? size - 1, size - 1);
    return { body: createReadStream(file, { start: range.start, end }), size, contentType, range: { start: range.start, end } };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
