/**
 * Chapter content (`content_delta`): a Lexical editor state (`editorState.toJSON()`) or,
 * for chapters written with the institute's previous editor, a Quill Delta `{ ops: [...] }`.
 * The server validates and sanitises every document with these rules, whatever the client did
 * (contract/books.ts makes them a schema). Without zod: the reader checks every chapter it shows.
 */
import { CHAPTER_IMAGE_TYPE, CHAPTER_NODE_TYPES, CHAPTER_VIDEO_TYPE, VIDEO_EMBED_TYPE } from './rich-text-nodes';
import { isEmbedUrl, isSafeLinkUrl, isSafeMediaUrl } from './urls';

export const MAX_CONTENT_BYTES = 2 * 1024 * 1024;
export const MAX_CONTENT_DEPTH = 64;

export { CHAPTER_IMAGE_TYPE, CHAPTER_NODE_TYPES, CHAPTER_VIDEO_TYPE, VIDEO_EMBED_TYPE } from './rich-text-nodes';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type ContentDocument = { [key: string]: Json };

/** Depth of a JSON value, computed without recursion so hostile nesting cannot overflow the stack. */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) max = depth;
    if (max > limit) return max;
    for (const child of Object.values(node as object)) stack.push([child, depth + 1]);
  }
  return max;
}

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+\s*)?\))$/i;

/** Keeps only `color` and `background-color` declarations with plain colour values. */
export function sanitizeTextStyle(style: unknown): string {
  if (typeof style !== 'string') return '';
  return style
    .split(';')
    .map((decl) => decl.split(':').map((s) => s.trim()))
    .filter(([prop, value]) => (prop === 'color' || prop === 'background-color') && value && SAFE_COLOR.test(value))
    .map(([prop, value]) => `${prop}: ${value}`)
    .join('; ');
}

const KNOWN_TYPES = new Set(CHAPTER_NODE_TYPES);

/** The first node type under `root` that chapters cannot hold, or null (iterative: the depth is checked before). */
function unknownNodeType(root: Json): string | null {
  const stack: Json[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    if (typeof node.type !== 'string') return '(none)';
    if (!KNOWN_TYPES.has(node.type)) return node.type;
    if (Array.isArray(node.children)) stack.push(...node.children);
  }
  return null;
}

function sanitizeLexicalNode(node: Json): Json[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
  const copy: { [key: string]: Json } = { ...node };
  const type = copy.type;
  if (Array.isArray(copy.children)) copy.children = copy.children.flatMap(sanitizeLexicalNode);
  if (type === 'link') {
    // An unsafe link keeps its words and loses the link.
    if (!isSafeLinkUrl(copy.url)) return Array.isArray(copy.children) ? copy.children : [];
    copy.rel = 'noopener noreferrer';
    if (copy.target !== null && copy.target !== '_blank') copy.target = null;
  }
  if (type === CHAPTER_IMAGE_TYPE || type === CHAPTER_VIDEO_TYPE) {
    if (!isSafeMediaUrl(copy.src)) return [];
  }
  if (type === VIDEO_EMBED_TYPE && !isEmbedUrl(copy.url)) return [];
  // Any node may carry inline CSS (text, tab, and element nodes' textStyle): only colours stay.
  if ('style' in copy) copy.style = sanitizeTextStyle(copy.style);
  if ('textStyle' in copy) copy.textStyle = sanitizeTextStyle(copy.textStyle);
  return [copy];
}

function sanitizeDeltaOp(op: Json): Json[] {
  if (op === null || typeof op !== 'object' || Array.isArray(op)) return [];
  const copy: { [key: string]: Json } = { ...op };
  const insert = copy.insert;
  if (insert && typeof insert === 'object' && !Array.isArray(insert)) {
    if ('image' in insert && !isSafeMediaUrl(insert.image)) return [];
    if ('video' in insert && !isEmbedUrl(insert.video) && !isSafeMediaUrl(insert.video)) return [];
  }
  const attributes = copy.attributes;
  if (attributes && typeof attributes === 'object' && !Array.isArray(attributes)) {
    const attrs = { ...attributes };
    if ('link' in attrs && !isSafeLinkUrl(attrs.link)) delete attrs.link;
    for (const key of ['color', 'background'] as const) {
      if (key in attrs && !(typeof attrs[key] === 'string' && SAFE_COLOR.test(attrs[key] as string))) delete attrs[key];
    }
    copy.attributes = attrs;
  }
  return [copy];
}

export type ContentCheck = { ok: true; value: ContentDocument } | { ok: false; message: string };

/** Validates a chapter document and returns a sanitised copy (unsafe links unwrapped, unsafe media dropped). */
export function checkChapterContent(value: unknown): ContentCheck {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'Content must be a JSON object.' };
  if (jsonDepth(value, MAX_CONTENT_DEPTH) > MAX_CONTENT_DEPTH) return { ok: false, message: `Content is nested more than ${MAX_CONTENT_DEPTH} levels deep.` };
  const size = new TextEncoder().encode(JSON.stringify(value)).length;
  if (size > MAX_CONTENT_BYTES) return { ok: false, message: 'Content is larger than 2 MiB.' };
  const doc = value as ContentDocument;
  if (doc.root && typeof doc.root === 'object' && !Array.isArray(doc.root)) {
    const root = doc.root as { [key: string]: Json };
    if (root.type !== 'root' || !Array.isArray(root.children)) return { ok: false, message: 'Content has no valid root node.' };
    const unknown = unknownNodeType(root);
    if (unknown !== null) return { ok: false, message: `Content has a node of type ${JSON.stringify(unknown).slice(0, 80)}, which a chapter cannot show.` };
    return { ok: true, value: { ...doc, root: { ...root, children: root.children.flatMap(sanitizeLexicalNode) } } };
  }
  if (Array.isArray(doc.ops)) return { ok: true, value: { ...doc, ops: doc.ops.flatMap(sanitizeDeltaOp) } };
  return { ok: false, message: 'Content must be an editor document ({"root": …}) or a Delta ({"ops": […]}).' };
}

/** An empty Lexical document, for chapters created without content. */
export const EMPTY_DOCUMENT: ContentDocument = {
  root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [] },
};
