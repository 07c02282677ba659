/**
 * Uploads of deleted books and chapters: once no book cover and no chapter names a file any
 * more, its record and its bytes (with any phone-sized copies) are removed, so a deleted
 * book's images stop being served. Runs after the deletion has committed: a failure here
 * leaves a file behind (logged), never a chapter pointing at a missing one.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../repositories';

export async function releaseMedia(
  repos: Repositories,
  paths: readonly string[],
  removeFile: (path: string) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!paths.length) return;
  try {
    for (const path of await repos.media.unreferenced(paths)) {
      // The record first: without it the address is no longer one this server issued.
      await repos.media.forget(path);
      await removeFile(path);
    }
  } catch (error) {
    log.error({ err: error, paths }, 'Could not remove the media of deleted content');
  }
}
