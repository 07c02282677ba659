/**
 * The media a downloaded book needs (the cache that holds them is DOWNLOADS_CACHE, lib/db.ts). The downloads cache is never expired or trimmed: an
 * entry leaves only when no downloaded book (of any user on the device) refers to it.
 */
import { CHAPTER_IMAGE_TYPE, CHAPTER_VIDEO_TYPE } from '../../../contract/rich-text-nodes';

export type MediaKind = 'image' | 'video';

export interface MediaRef {
  /** Same-origin path, e.g. `/media/images/ab12.png`. */
  url: string;
  kind: MediaKind;
}

/** A same-origin path for a media URL, or null for external ones (not downloadable: no CORS). */
export function sameOriginPath(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || !url) return null;
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/** Images and videos referenced by a chapter's content: Lexical nodes or Quill Delta inserts. */
export function mediaOfContent(content: unknown, origin: string): MediaRef[] {
  const found: MediaRef[] = [];
  const add = (url: unknown, kind: MediaKind) => {
    const path = sameOriginPath(url, origin);
    if (path) found.push({ url: path, kind });
  };
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 200) return;
    if (Array.isArray(node)) {
      node.forEach((child) => visit(child, depth + 1));
      return;
    }
    const record = node as Record<string, unknown>;
    if (record.type === CHAPTER_IMAGE_TYPE) add(record.src, 'image');
    else if (record.type === CHAPTER_VIDEO_TYPE) add(record.src, 'video');
    const insert = record.insert;
    if (insert && typeof insert === 'object') {
      const embed = insert as Record<string, unknown>;
      if (typeof embed.image === 'string') add(embed.image, 'image');
      if (typeof embed.video === 'string') add(embed.video, 'video');
    }
    for (const value of Object.values(record)) if (value && typeof value === 'object') visit(value, depth + 1);
  };
  visit(content, 0);
  return found;
}

/** Every distinct medium of a book: its cover, then each chapter's images and videos in order. */
export function mediaOfBook(coverUrl: string | null | undefined, chapters: { content_delta: unknown }[], origin: string): MediaRef[] {
  const seen = new Set<string>();
  const all: MediaRef[] = [];
  const cover = sameOriginPath(coverUrl, origin);
  const candidates = [...(cover ? [{ url: cover, kind: 'image' as const }] : []), ...chapters.flatMap((c) => mediaOfContent(c.content_delta, origin))];
  for (const ref of candidates) {
    if (seen.has(ref.url)) continue;
    seen.add(ref.url);
    all.push(ref);
  }
  return all;
}
