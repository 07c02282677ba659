import type { CSSProperties, ReactNode } from 'react';
import { isSafeLinkUrl } from '../../../contract/urls';
import { CHAPTER_IMAGE_TYPE, CHAPTER_VIDEO_TYPE, VIDEO_EMBED_TYPE } from '../../../contract/rich-text';
import { TEXT_FORMAT, type ElementFormat, type HeadingTag } from '../../../contract/lexical-json';
import { ChapterContentError } from '../content/load-content';
import { ChapterImageView, ChapterVideoView, VideoEmbedView } from '../nodes/media-views';
import { chapterTheme } from '../theme';

/**
 * A stored chapter (a sanitised Lexical document) as React elements, for reading: the same
 * elements, classes and styles Lexical's read-only composer puts on the page (the theme in
 * theme.ts, the media views the editor's nodes use), without loading Lexical. A reader's
 * phone gets its chapter without evaluating the editor's 300 KB. tests/src/features/editor
 * compares the two renderings on the demo chapters and on every node and format.
 *
 * A node this does not know, or one with fields of the wrong kind, throws: the chapter then
 * says it cannot be displayed, as Lexical's parser would.
 */

type Node = { [key: string]: unknown };

const HEADINGS: readonly HeadingTag[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const ALIGNMENTS: readonly ElementFormat[] = ['left', 'center', 'right', 'justify', 'start', 'end'];
const LIST_THEME = chapterTheme.list!;
const TEXT_THEME = chapterTheme.text!;

function fail(what: string): never {
  throw new ChapterContentError(what);
}

function children(node: Node): Node[] {
  const value = node.children;
  if (!Array.isArray(value)) fail(`A ${String(node.type)} node has no children list.`);
  return value.map((child) => (child !== null && typeof child === 'object' && !Array.isArray(child) ? (child as Node) : fail('A node is not an object.')));
}

const text = (value: unknown, what: string): string => (typeof value === 'string' ? value : fail(`${what} is not text.`));

/** `color: #e60000; background-color: …` (already reduced to colours by the sanitiser) as a React style. */
function cssStyle(css: unknown): CSSProperties | undefined {
  if (typeof css !== 'string' || css.trim() === '') return undefined;
  const style: Record<string, string> = {};
  for (const declaration of css.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration
      .slice(0, colon)
      .trim()
      .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    const value = declaration.slice(colon + 1).trim();
    if (property && value) style[property] = value;
  }
  return Object.keys(style).length > 0 ? style : undefined;
}

/** Alignment and indent of a block, as Lexical's reconciler sets them. */
function blockProps(node: Node, className: string | undefined): { className?: string; style?: CSSProperties } {
  const indent = typeof node.indent === 'number' && node.indent > 0 ? Math.floor(node.indent) : 0;
  const format = ALIGNMENTS.includes(node.format as ElementFormat) ? (node.format as ElementFormat) : '';
  const classes = [className, indent > 0 ? chapterTheme.indent : undefined].filter(Boolean).join(' ');
  const style: CSSProperties = {};
  if (format) style.textAlign = format;
  if (indent > 0) style.paddingInlineStart = `calc(${indent} * var(--lexical-indent-base-value, 40px))`;
  return { className: classes || undefined, style: Object.keys(style).length > 0 ? style : undefined };
}

function textClasses(format: number): string | undefined {
  const classes: string[] = [];
  const underlineStrike = (format & TEXT_FORMAT.underline) !== 0 && (format & TEXT_FORMAT.strikethrough) !== 0;
  if (underlineStrike) classes.push(TEXT_THEME.underlineStrikethrough as string);
  const pairs: [number, unknown][] = [
    [TEXT_FORMAT.bold, TEXT_THEME.bold],
    [TEXT_FORMAT.code, TEXT_THEME.code],
    [TEXT_FORMAT.italic, TEXT_THEME.italic],
    [TEXT_FORMAT.strikethrough, underlineStrike ? undefined : TEXT_THEME.strikethrough],
    [TEXT_FORMAT.subscript, TEXT_THEME.subscript],
    [TEXT_FORMAT.superscript, TEXT_THEME.superscript],
    [TEXT_FORMAT.underline, underlineStrike ? undefined : TEXT_THEME.underline],
  ];
  for (const [flag, className] of pairs) if (format & flag && typeof className === 'string') classes.push(className);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

const HIGHLIGHT = 128;

/** A text run: `strong`/`em`/`span` for bold and italic, inside `code`/`mark`/`sub`/`sup`, as Lexical's TextNode. */
function renderText(node: Node, key: number, value: string): ReactNode {
  const format = typeof node.format === 'number' ? node.format : 0;
  const style = cssStyle(node.style);
  const Inner = format & TEXT_FORMAT.bold ? 'strong' : format & TEXT_FORMAT.italic ? 'em' : 'span';
  const Outer =
    format & TEXT_FORMAT.code ? 'code' : format & HIGHLIGHT ? 'mark' : format & TEXT_FORMAT.subscript ? 'sub' : format & TEXT_FORMAT.superscript ? 'sup' : null;
  if (Outer === null) {
    return (
      <Inner key={key} className={textClasses(format)} style={style}>
        {value}
      </Inner>
    );
  }
  return (
    <Outer key={key} style={style} spellCheck={Outer === 'code' ? false : undefined}>
      <Inner className={textClasses(format)}>{value}</Inner>
    </Outer>
  );
}

function renderInline(node: Node, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return renderText(node, key, text(node.text, 'A text node'));
    case 'tab':
      return renderText(node, key, '\t');
    case 'linebreak':
      return <br key={key} />;
    case 'link': {
      const url = text(node.url, "A link's address");
      // The shared rule, as the editor's link guard applies it: an unsafe address is words, not a link.
      const safe = isSafeLinkUrl(url);
      return (
        <a
          key={key}
          className={chapterTheme.link}
          href={safe ? url : undefined}
          target={safe && typeof node.target === 'string' ? node.target : undefined}
          rel={typeof node.rel === 'string' ? node.rel : undefined}
          title={typeof node.title === 'string' ? node.title : undefined}
        >
          {renderInlines(children(node), false)}
        </a>
      );
    }
    default:
      return renderMedia(node, key) ?? fail(`A ${String(node.type)} node cannot stand inside text.`);
  }
}

/**
 * Adjacent text runs of the same format and style become one, and empty runs go, as Lexical
 * normalises them (the sanitiser unwrapping an unsafe link leaves such neighbours).
 */
function mergeTextRuns(nodes: Node[]): Node[] {
  const merged: Node[] = [];
  for (const node of nodes) {
    if (node.type !== 'text') {
      merged.push(node);
      continue;
    }
    if (node.text === '') continue;
    const previous = merged[merged.length - 1];
    if (previous?.type === 'text' && previous.format === node.format && (previous.style ?? '') === (node.style ?? '')) {
      merged[merged.length - 1] = { ...previous, text: text(previous.text, 'A text node') + text(node.text, 'A text node') };
    } else {
      merged.push(node);
    }
  }
  return merged;
}

/**
 * An element's inline children. A block that is empty, or ends in a line break, gets Lexical's
 * closing `<br>` (the line would otherwise have no height); a link does not.
 */
function renderInlines(children: Node[], block = true): ReactNode[] {
  const nodes = mergeTextRuns(children);
  const rendered = nodes.map(renderInline);
  if (block && (nodes.length === 0 || nodes[nodes.length - 1]!.type === 'linebreak')) rendered.push(<br key="end" />);
  return rendered;
}

function renderListItem(node: Node, key: number, listType: string): ReactNode {
  if (node.type !== 'listitem') fail(`A list holds a ${String(node.type)} node.`);
  const items = mergeTextRuns(children(node));
  const nested = items.some((child) => child.type === 'list');
  const check = listType === 'check';
  const checkbox = check && items[0]?.type !== 'list';
  const classes = [
    LIST_THEME.listitem,
    check ? (node.checked ? LIST_THEME.listitemChecked : LIST_THEME.listitemUnchecked) : undefined,
    nested ? LIST_THEME.nested?.listitem : undefined,
  ];
  const content = items.map((child, index) => (child.type === 'list' ? renderList(child, index) : renderInline(child, index)));
  if (items.length === 0 || items[items.length - 1]!.type === 'linebreak') content.push(<br key="end" />);
  const { className, style } = blockProps(node, classes.filter(Boolean).join(' '));
  return (
    <li
      key={key}
      value={typeof node.value === 'number' ? node.value : undefined}
      className={className}
      style={style}
      role={checkbox ? 'checkbox' : undefined}
      tabIndex={checkbox ? -1 : undefined}
      aria-checked={checkbox ? (node.checked ? 'true' : 'false') : undefined}
    >
      {content}
    </li>
  );
}

/** A list; one of the chapter's own blocks (`top`) also gets its text direction, as Lexical sets it. */
function renderList(node: Node, key: number, top = false): ReactNode {
  const listType =
    node.listType === 'number' ? 'number' : node.listType === 'check' ? 'check' : node.listType === 'bullet' ? 'bullet' : fail('A list has no list type.');
  const items = children(node).map((item, index) => renderListItem(item, index, listType));
  const start = typeof node.start === 'number' ? node.start : 1;
  if (listType === 'number') {
    return (
      <ol key={key} dir={top ? 'auto' : undefined} start={start !== 1 ? start : undefined} {...blockProps(node, LIST_THEME.ol)}>
        {items}
      </ol>
    );
  }
  return (
    <ul key={key} dir={top ? 'auto' : undefined} {...blockProps(node, LIST_THEME.ul)}>
      {items}
    </ul>
  );
}

/**
 * A block of the chapter itself. Text blocks get their own text direction (`dir="auto"`), as
 * Lexical sets it: a paragraph in Urdu reads right to left beside one in English.
 */
function renderBlock(node: Node, key: number): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return (
        <p key={key} dir="auto" {...blockProps(node, chapterTheme.paragraph)}>
          {renderInlines(children(node))}
        </p>
      );
    case 'heading': {
      const Tag = HEADINGS.includes(node.tag as HeadingTag) ? (node.tag as HeadingTag) : fail('A heading has no level.');
      const headingClasses = chapterTheme.heading as Record<HeadingTag, string>;
      return (
        <Tag key={key} dir="auto" {...blockProps(node, headingClasses[Tag])}>
          {renderInlines(children(node))}
        </Tag>
      );
    }
    case 'quote':
      return (
        <blockquote key={key} dir="auto" {...blockProps(node, chapterTheme.quote)}>
          {renderInlines(children(node))}
        </blockquote>
      );
    case 'list':
      return renderList(node, key, true);
    default:
      return renderMedia(node, key) ?? fail(`A chapter cannot hold a ${String(node.type)} node here.`);
  }
}

/** An image or a video: a block of its own, or (as Lexical also shows it) inside a line of text. */
function renderMedia(node: Node, key: number): ReactNode | undefined {
  switch (node.type) {
    case CHAPTER_IMAGE_TYPE:
      return (
        <ChapterImageView
          key={key}
          src={text(node.src, "An image's address")}
          altText={typeof node.altText === 'string' ? node.altText : ''}
          width={Number(node.width) || 0}
          height={Number(node.height) || 0}
          caption={typeof node.caption === 'string' ? node.caption : ''}
        />
      );
    case CHAPTER_VIDEO_TYPE:
      return <ChapterVideoView key={key} src={text(node.src, "A video's address")} />;
    case VIDEO_EMBED_TYPE:
      return <VideoEmbedView key={key} url={text(node.url, "An embedded video's address")} />;
    default:
      return undefined;
  }
}

/** The chapter's blocks, from a document `toEditorDocument` has checked and sanitised. */
export function renderChapterDocument(document: { root: { children: unknown[] } }): ReactNode[] {
  return children(document.root as Node).map(renderBlock);
}
