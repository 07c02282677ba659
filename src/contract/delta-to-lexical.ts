/**
 * Chapters written with the institute's previous editor are Quill Deltas (`{ops: [...]}`).
 * This turns one into the Lexical document our editor writes, so the editor and the reader
 * (features/editor/components/chapter-document.tsx) take both alike and an old chapter saved again becomes a Lexical document.
 *
 * Delta in brief: text inserts carry inline attributes (bold, italic, underline, strike, code,
 * script, color, background, link); each "\n" ends a line and carries the line's attributes
 * (header, list, blockquote, code-block, align, indent); `{image}` and `{video}` are embeds.
 */
import { CHAPTER_IMAGE_TYPE, CHAPTER_VIDEO_TYPE, sanitizeTextStyle, VIDEO_EMBED_TYPE } from './rich-text';
import { isSafeLinkUrl, isSafeMediaUrl, toEmbedUrl } from './urls';
import {
  elementFields,
  type ElementFormat,
  type HeadingTag,
  type ListType,
  type SerializedBlock,
  type SerializedDocument,
  type SerializedInline,
  type SerializedList,
  type SerializedListItem,
  type SerializedText,
  TEXT_FORMAT,
} from './lexical-json';

type Attributes = Record<string, unknown>;
export interface DeltaOp {
  insert?: unknown;
  attributes?: Attributes;
}
export interface DeltaDocument {
  ops: DeltaOp[];
}

/** True for a Quill Delta document (`{ops: [...]}`). */
export function isDeltaDocument(value: unknown): value is DeltaDocument {
  return typeof value === 'object' && value !== null && Array.isArray((value as { ops?: unknown }).ops);
}

type TextSegment = { text: string; attributes: Attributes };
/** One Delta line: its text runs, or a block embed standing in the line's place. */
type Line = { kind: 'line'; attributes: Attributes; segments: TextSegment[] } | { kind: 'embed'; block: SerializedBlock };

const ALIGNMENTS: ReadonlySet<string> = new Set(['left', 'center', 'right', 'justify']);

function textFormatOf(attributes: Attributes, inCodeBlock: boolean): number {
  let format = 0;
  if (attributes.bold) format |= TEXT_FORMAT.bold;
  if (attributes.italic) format |= TEXT_FORMAT.italic;
  if (attributes.strike) format |= TEXT_FORMAT.strikethrough;
  if (attributes.underline) format |= TEXT_FORMAT.underline;
  if (attributes.code || inCodeBlock) format |= TEXT_FORMAT.code;
  if (attributes.script === 'sub') format |= TEXT_FORMAT.subscript;
  if (attributes.script === 'super') format |= TEXT_FORMAT.superscript;
  return format;
}

function textStyleOf(attributes: Attributes): string {
  const declarations: string[] = [];
  if (typeof attributes.color === 'string') declarations.push(`color: ${attributes.color}`);
  if (typeof attributes.background === 'string') declarations.push(`background-color: ${attributes.background}`);
  // Only plain colour values survive, as on the server.
  return sanitizeTextStyle(declarations.join('; '));
}

function textNode(text: string, format: number, style: string): SerializedText {
  return { type: 'text', version: 1, text, format, style, mode: 'normal', detail: 0 };
}

/** The inline nodes of a line: adjacent runs of equal format merge; runs with one safe link share a link node. */
function inlinesOf(segments: TextSegment[], inCodeBlock: boolean): SerializedInline[] {
  const out: SerializedInline[] = [];
  for (const segment of segments) {
    const node = textNode(segment.text, textFormatOf(segment.attributes, inCodeBlock), textStyleOf(segment.attributes));
    const url = typeof segment.attributes.link === 'string' && isSafeLinkUrl(segment.attributes.link) ? segment.attributes.link : null;
    const last = out[out.length - 1];
    if (url) {
      if (last?.type === 'link' && last.url === url) {
        appendText(last.children, node);
      } else {
        const external = /^https?:/i.test(url);
        out.push({ ...elementFields(), type: 'link', url, rel: 'noopener noreferrer', target: external ? '_blank' : null, title: null, children: [node] });
      }
    } else {
      appendText(out, node);
    }
  }
  return out;
}

function appendText<T extends SerializedInline>(list: T[], node: SerializedText & T): void {
  const last = list[list.length - 1];
  if (last?.type === 'text' && last.format === node.format && last.style === node.style) {
    list[list.length - 1] = { ...last, text: last.text + node.text };
  } else {
    list.push(node);
  }
}

function dimension(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? Math.round(number) : 0;
}

/** An embed's block node; unsafe or unknown embeds give null and are dropped. */
function embedBlock(insert: Record<string, unknown>, attributes: Attributes): SerializedBlock | null {
  if (typeof insert.image === 'string') {
    if (!isSafeMediaUrl(insert.image)) return null;
    return {
      type: CHAPTER_IMAGE_TYPE,
      version: 1,
      src: insert.image,
      altText: typeof attributes.alt === 'string' ? attributes.alt : '',
      width: dimension(attributes.width),
      height: dimension(attributes.height),
      caption: '',
    };
  }
  if (typeof insert.video === 'string') {
    const embed = toEmbedUrl(insert.video);
    if (embed) return { type: VIDEO_EMBED_TYPE, version: 1, url: embed };
    if (isSafeMediaUrl(insert.video)) return { type: CHAPTER_VIDEO_TYPE, version: 1, src: insert.video };
  }
  return null;
}

/** Splits the ops into lines; embeds become lines of their own, in document order. */
function linesOf(ops: DeltaOp[]): Line[] {
  const lines: Line[] = [];
  let segments: TextSegment[] = [];
  let pendingEmbeds: SerializedBlock[] = [];
  const endLine = (attributes: Attributes) => {
    if (segments.length || !pendingEmbeds.length) lines.push({ kind: 'line', attributes, segments });
    segments = [];
    pendingEmbeds = [];
  };
  for (const op of ops) {
    if (!op || typeof op !== 'object') continue;
    const attributes = op.attributes && typeof op.attributes === 'object' ? op.attributes : {};
    if (typeof op.insert === 'string') {
      const parts = op.insert.split('\n');
      parts.forEach((part, index) => {
        if (part) segments.push({ text: part, attributes });
        if (index < parts.length - 1) endLine(attributes);
      });
    } else if (op.insert && typeof op.insert === 'object') {
      const block = embedBlock(op.insert as Record<string, unknown>, attributes);
      if (!block) continue;
      // A block cannot sit inside a line: the text before it becomes a line of its own.
      if (segments.length) {
        lines.push({ kind: 'line', attributes: {}, segments });
        segments = [];
      }
      lines.push({ kind: 'embed', block });
      pendingEmbeds.push(block);
    }
  }
  if (segments.length) endLine({});
  return lines;
}

function listTypeOf(value: unknown): ListType | null {
  if (value === 'ordered') return 'number';
  if (value === 'bullet') return 'bullet';
  if (value === 'checked' || value === 'unchecked') return 'check';
  return null;
}

function indentOf(attributes: Attributes): number {
  const indent = dimension(attributes.indent);
  return Math.min(indent, 8);
}

function alignmentOf(attributes: Attributes): ElementFormat {
  return typeof attributes.align === 'string' && ALIGNMENTS.has(attributes.align) ? (attributes.align as ElementFormat) : '';
}

function newList(listType: ListType): SerializedList {
  return { ...elementFields(), type: 'list', listType, start: 1, tag: listType === 'number' ? 'ol' : 'ul', children: [] };
}

/** Lexical numbers list items from `start`; an item holding only a nested list takes no number. */
function numberItems(list: SerializedList): void {
  let value = list.start;
  for (const item of list.children) {
    item.value = value;
    const nested = item.children.length === 1 && item.children[0]?.type === 'list';
    if (nested) numberItems(item.children[0] as SerializedList);
    else value += 1;
  }
}

/** Builds nested lists from consecutive list lines (Quill nests by `indent`). */
function buildLists(lines: Extract<Line, { kind: 'line' }>[]): SerializedList[] {
  const topLevel: SerializedList[] = [];
  const stack: { list: SerializedList; indent: number }[] = [];
  for (const line of lines) {
    const listType = listTypeOf(line.attributes.list)!;
    const indent = indentOf(line.attributes);
    while (stack.length > 1 && stack[stack.length - 1]!.indent > indent) stack.pop();
    let top = stack[stack.length - 1];
    if (!top || (stack.length === 1 && indent < top.indent)) {
      const list = newList(listType);
      topLevel.push(list);
      stack.length = 0;
      stack.push({ list, indent });
      top = stack[0]!;
    } else if (indent > top.indent) {
      const nested = newList(listType);
      top.list.children.push({ ...elementFields(), type: 'listitem', value: 1, children: [nested] });
      stack.push({ list: nested, indent });
      top = stack[stack.length - 1]!;
    } else if (top.list.listType !== listType) {
      // Another kind of list at the same depth starts a new list.
      const list = newList(listType);
      if (stack.length === 1) {
        topLevel.push(list);
      } else {
        stack[stack.length - 2]!.list.children.push({ ...elementFields(), type: 'listitem', value: 1, children: [list] });
      }
      stack[stack.length - 1] = { list, indent };
      top = stack[stack.length - 1]!;
    }
    const item: SerializedListItem = { ...elementFields(alignmentOf(line.attributes)), type: 'listitem', value: 1, children: inlinesOf(line.segments, false) };
    if (listType === 'check') item.checked = line.attributes.list === 'checked';
    top.list.children.push(item);
  }
  topLevel.forEach(numberItems);
  return topLevel;
}

function blockOf(line: Extract<Line, { kind: 'line' }>): SerializedBlock {
  const { attributes } = line;
  const format = alignmentOf(attributes);
  const header = typeof attributes.header === 'number' ? attributes.header : Number.parseInt(String(attributes.header ?? ''), 10);
  if (header >= 1 && header <= 6) {
    return { ...elementFields(format), type: 'heading', tag: `h${header}` as HeadingTag, children: inlinesOf(line.segments, false) };
  }
  if (attributes.blockquote) return { ...elementFields(format), type: 'quote', children: inlinesOf(line.segments, false) };
  const children = inlinesOf(line.segments, Boolean(attributes['code-block']));
  const first = children.find((child): child is SerializedText => child.type === 'text');
  return {
    ...elementFields(format, indentOf(attributes)),
    type: 'paragraph',
    textFormat: first?.format ?? 0,
    textStyle: first?.style ?? '',
    children,
  };
}

/** Converts a Quill Delta into a Lexical document (the shape `editorState.toJSON()` gives). */
export function deltaToLexical(delta: DeltaDocument): SerializedDocument {
  const blocks: SerializedBlock[] = [];
  let listRun: Extract<Line, { kind: 'line' }>[] = [];
  const flushLists = () => {
    if (listRun.length) blocks.push(...buildLists(listRun));
    listRun = [];
  };
  for (const line of linesOf(delta.ops)) {
    if (line.kind === 'line' && listTypeOf(line.attributes.list)) {
      listRun.push(line);
      continue;
    }
    flushLists();
    blocks.push(line.kind === 'embed' ? line.block : blockOf(line));
  }
  flushLists();
  return { root: { ...elementFields(), type: 'root', children: blocks } };
}
