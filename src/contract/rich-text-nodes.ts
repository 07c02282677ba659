/**
 * Node types of our own Lexical nodes: the editor registers them, the sanitiser (rich-text.ts)
 * knows their URLs, and the offline library finds a chapter's media by them. Without zod: the
 * books list's download controls read them on their first visit.
 */
export const CHAPTER_IMAGE_TYPE = 'chapter-image';
export const CHAPTER_VIDEO_TYPE = 'chapter-video';
export const VIDEO_EMBED_TYPE = 'video-embed';

/**
 * Every node type a chapter may hold: Lexical's own (root, paragraph, text, linebreak, tab),
 * those of the nodes the editor registers (features/editor/nodes.ts) and ours. The reader shows
 * exactly these; a document with any other type is refused when it is saved.
 */
export const CHAPTER_NODE_TYPES: readonly string[] = [
  'root',
  'paragraph',
  'text',
  'linebreak',
  'tab',
  'heading',
  'quote',
  'list',
  'listitem',
  'link',
  CHAPTER_IMAGE_TYPE,
  CHAPTER_VIDEO_TYPE,
  VIDEO_EMBED_TYPE,
];
