import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import type { MediaStorage } from './media-storage';
import { S3Storage } from './s3-storage';

export { keyOfMediaUrl, type MediaStorage, type StoredObject } from './media-storage';

/** The media storage the configuration names: the local folder, or an S3-compatible bucket. */
export function createMediaStorage(config: Config): MediaStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(config.mediaDir);
}
