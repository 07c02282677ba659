/**
 * The builders of the demo books' chapter documents, and the shapes of a seed book.
 * Pure data, no database code — the seeder consumes it.
 *
 * Documents have exactly the shape lexical 0.52 writes with `editorState.toJSON()`:
 * `direction` is null (0.52 no longer records a detected direction), a paragraph
 * repeats the format and style of its first text node in `textFormat`/`textStyle`,
 * and adjacent text nodes of the same format are merged — so parsing and
 * re-serialising a chapter gives back the same JSON. Images are our `chapter-image`
 * node with a `seed-media:<file>` src that the seeder must replace (`resolveSeedMedia`)
 * before the content goes through `checkChapterContent`, which drops non-http(s) media.
 */
import type { QuizData } from '../../../src/contract/quiz';

import type {
  SerializedBlock as BlockNodeJSON,
  SerializedChapterImage as ChapterImageNodeJSON,
  SerializedDocument as LexicalDocument,
  SerializedHeading as HeadingNodeJSON,
  SerializedInline as InlineNodeJSON,
  SerializedLineBreak as LineBreakNodeJSON,
  SerializedLink as LinkNodeJSON,
  SerializedList as ListNodeJSON,
  SerializedParagraph as ParagraphNodeJSON,
  SerializedQuote as QuoteNodeJSON,
  SerializedText as TextNodeJSON,
} from '../../../src/contract/lexical-json';
import { elementFields, TEXT_FORMAT } from '../../../src/contract/lexical-json';

export type { BlockNodeJSON, LexicalDocument };

export interface SeedChapter {
  title: string;
  order: number;
  content: LexicalDocument;
}
export interface SeedBook {
  key: string;
  title: string;
  author: string;
  description: string;
  /** File name in server/seed/media/. */
  cover: string;
  chapters: SeedChapter[];
  quiz?: { title: string; quiz_data: QuizData };
}

// ---------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------

export const SEED_MEDIA_PREFIX = 'seed-media:';

/** Text colours of the editor's palette used in the demo content. */
export const WARNING_RED = '#b71c1c';
export const CLINICAL_BLUE = '#0d47a1';

const { bold: BOLD, italic: ITALIC, underline: UNDERLINE } = TEXT_FORMAT;

export interface TextOptions {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  color?: string;
}
export type Inline = string | InlineNodeJSON;

export const element = () => elementFields();

/** A text node; `color` becomes the inline style `color: <value>`. */
export function text(value: string, options: TextOptions = {}): TextNodeJSON {
  const format = (options.bold ? BOLD : 0) | (options.italic ? ITALIC : 0) | (options.underline ? UNDERLINE : 0);
  return {
    type: 'text',
    version: 1,
    text: value,
    format,
    style: options.color ? `color: ${options.color}` : '',
    mode: 'normal',
    detail: 0,
  };
}
export const b = (value: string, options: TextOptions = {}) => text(value, { ...options, bold: true });
export const i = (value: string, options: TextOptions = {}) => text(value, { ...options, italic: true });
/** Bold red: reserved for safety warnings. */
export const warn = (value: string) => text(value, { bold: true, color: WARNING_RED });
/** Blue: key numbers and terms worth remembering. */
export const key = (value: string) => text(value, { bold: true, color: CLINICAL_BLUE });

export const br = (): LineBreakNodeJSON => ({ type: 'linebreak', version: 1 });

/** Strings become plain text; neighbouring text nodes of identical format merge, as Lexical would. */
export function inlines(items: Inline[]): InlineNodeJSON[] {
  const out: InlineNodeJSON[] = [];
  for (const item of items) {
    const node = typeof item === 'string' ? text(item) : item;
    if (node.type === 'text' && node.text === '') continue;
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text' && last.format === node.format && last.style === node.style) {
      out[out.length - 1] = { ...last, text: last.text + node.text };
    } else {
      out.push(node);
    }
  }
  return out;
}

export function link(label: string | TextNodeJSON | TextNodeJSON[], url: string): LinkNodeJSON {
  const children = typeof label === 'string' ? [text(label)] : Array.isArray(label) ? label : [label];
  return { ...element(), type: 'link', url, rel: 'noopener noreferrer', target: null, title: null, children };
}

export function p(...items: Inline[]): ParagraphNodeJSON {
  const children = inlines(items);
  const first = children.find((c): c is TextNodeJSON => c.type === 'text');
  return { ...element(), type: 'paragraph', textFormat: first?.format ?? 0, textStyle: first?.style ?? '', children };
}

export function h(level: 2 | 3, ...items: Inline[]): HeadingNodeJSON {
  return { ...element(), type: 'heading', tag: `h${level}`, children: inlines(items) };
}

export function quote(...items: Inline[]): QuoteNodeJSON {
  return { ...element(), type: 'quote', children: inlines(items) };
}

export type ListItemInput = Inline | Inline[];
export function list(listType: 'bullet' | 'number', items: ListItemInput[]): ListNodeJSON {
  return {
    ...element(),
    type: 'list',
    listType,
    start: 1,
    tag: listType === 'bullet' ? 'ul' : 'ol',
    children: items.map((item, index) => ({
      ...element(),
      type: 'listitem',
      value: index + 1,
      children: inlines(Array.isArray(item) ? item : [item]),
    })),
  };
}
export const ul = (...items: ListItemInput[]) => list('bullet', items);
export const ol = (...items: ListItemInput[]) => list('number', items);

export function image(file: string, altText: string, width: number, height: number, caption: string): ChapterImageNodeJSON {
  return { type: 'chapter-image', version: 1, src: `${SEED_MEDIA_PREFIX}${file}`, altText, width, height, caption };
}

export function doc(...children: BlockNodeJSON[]): LexicalDocument {
  return { root: { ...element(), type: 'root', children } };
}

/** File names (in server/seed/media/) of the images a chapter refers to. */
export function seedMediaFiles(content: LexicalDocument): string[] {
  return content.root.children.flatMap((node) =>
    node.type === 'chapter-image' && node.src.startsWith(SEED_MEDIA_PREFIX) ? [node.src.slice(SEED_MEDIA_PREFIX.length)] : [],
  );
}

/** A copy of the document with every `seed-media:<file>` src replaced by `toUrl(file)`. */
export function resolveSeedMedia(content: LexicalDocument, toUrl: (file: string) => string): LexicalDocument {
  return {
    root: {
      ...content.root,
      children: content.root.children.map((node) =>
        node.type === 'chapter-image' && node.src.startsWith(SEED_MEDIA_PREFIX) ? { ...node, src: toUrl(node.src.slice(SEED_MEDIA_PREFIX.length)) } : node,
      ),
    },
  };
}

export const SAGES = 'https://www.sages.org/';
export const SAGES_GUIDELINES = 'https://www.sages.org/publications/guidelines/';
export const IAGES = 'https://www.iages.in/';
export const FLS = 'https://www.flsprogram.org/';
export const HERNIASURGE = 'https://doi.org/10.1007/s10029-017-1668-x';
export const EHS = 'https://www.europeanherniasociety.eu/';
export const TRAINING_DESK = 'mailto:training@example.org';
