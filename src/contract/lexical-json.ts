/**
 * The JSON shapes lexical 0.52 writes with `editorState.toJSON()` for the nodes chapters use
 * (core, @lexical/rich-text, @lexical/list, @lexical/link and our own nodes), so that content
 * built outside an editor (the Delta import) parses exactly like content an editor saved.
 */
import { CHAPTER_IMAGE_TYPE, CHAPTER_VIDEO_TYPE, VIDEO_EMBED_TYPE } from './rich-text';

export type ElementFormat = '' | 'left' | 'center' | 'right' | 'justify' | 'start' | 'end';
type ElementFields = { version: 1; direction: null; format: ElementFormat; indent: number };

export type SerializedText = { type: 'text'; version: 1; text: string; format: number; style: string; mode: 'normal'; detail: 0 };
export type SerializedLineBreak = { type: 'linebreak'; version: 1 };
export type SerializedLink = ElementFields & {
  type: 'link';
  url: string;
  rel: 'noopener noreferrer';
  target: '_blank' | null;
  title: null;
  children: SerializedText[];
};
export type SerializedInline = SerializedText | SerializedLineBreak | SerializedLink;
export type SerializedParagraph = ElementFields & { type: 'paragraph'; textFormat: number; textStyle: string; children: SerializedInline[] };
export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
export type SerializedHeading = ElementFields & { type: 'heading'; tag: HeadingTag; children: SerializedInline[] };
export type SerializedQuote = ElementFields & { type: 'quote'; children: SerializedInline[] };
export type SerializedListItem = ElementFields & {
  type: 'listitem';
  value: number;
  checked?: boolean;
  children: (SerializedInline | SerializedList)[];
};
export type ListType = 'bullet' | 'number' | 'check';
export type SerializedList = ElementFields & { type: 'list'; listType: ListType; start: number; tag: 'ul' | 'ol'; children: SerializedListItem[] };
export type SerializedChapterImage = {
  type: typeof CHAPTER_IMAGE_TYPE;
  version: 1;
  src: string;
  altText: string;
  width: number;
  height: number;
  caption: string;
};
export type SerializedChapterVideo = { type: typeof CHAPTER_VIDEO_TYPE; version: 1; src: string };
export type SerializedVideoEmbed = { type: typeof VIDEO_EMBED_TYPE; version: 1; url: string };
export type SerializedBlock =
  SerializedParagraph | SerializedHeading | SerializedQuote | SerializedList | SerializedChapterImage | SerializedChapterVideo | SerializedVideoEmbed;
export type SerializedDocument = { root: ElementFields & { type: 'root'; children: SerializedBlock[] } };

/** Text format bits of lexical's TextNode. */
export const TEXT_FORMAT = { bold: 1, italic: 2, strikethrough: 4, underline: 8, code: 16, subscript: 32, superscript: 64 } as const;

export const elementFields = (format: ElementFormat = '', indent = 0): ElementFields => ({ version: 1, direction: null, format, indent });
