/**
 * Node types of our own Lexical nodes: the editor registers them, the sanitiser (rich-text.ts)
 * knows their URLs, and the offline library finds a chapter's media by them. Without zod: the
 * books list's download controls read them on their first visit.
 */
export const CHAPTER_IMAGE_TYPE = 'chapter-image';
export const CHAPTER_VIDEO_TYPE = 'chapter-video';
export const VIDEO_EMBED_TYPE = 'video-embed';
