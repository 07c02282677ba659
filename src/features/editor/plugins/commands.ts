import { createCommand, type LexicalCommand } from 'lexical';
import type { ChapterImagePayload } from '../nodes/chapter-image-node';

/** Inserts an uploaded image as a block at the selection. */
export const INSERT_IMAGE_COMMAND: LexicalCommand<ChapterImagePayload> = createCommand('INSERT_IMAGE_COMMAND');
/** Inserts an uploaded MP4 video (its /media/ URL) as a block at the selection. */
export const INSERT_VIDEO_COMMAND: LexicalCommand<string> = createCommand('INSERT_VIDEO_COMMAND');
/** Inserts a YouTube or Vimeo player; the payload is already an embed address (toEmbedUrl). */
export const INSERT_VIDEO_EMBED_COMMAND: LexicalCommand<string> = createCommand('INSERT_VIDEO_EMBED_COMMAND');
