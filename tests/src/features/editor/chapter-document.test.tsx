import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { demoBooks, resolveSeedMedia } from '../../../../server/seed/content';
import { ChapterView } from '../../../../src/features/editor/components/chapter-view';
import { initialEditorState } from '../../../../src/features/editor/content/load-content';
import { chapterEditorConfig } from '../../../../src/features/editor/editor-config';
import { LinkGuardPlugin } from '../../../../src/features/editor/plugins/link-guard-plugin';
import { elementFields, TEXT_FORMAT } from '../../../../src/contract/lexical-json';
import { portPlacementDelta } from './port-placement-delta';

/**
 * The reader renders chapters without Lexical (chapter-document.tsx). What it puts on the page
 * must be what the editor's read-only composer puts there: same elements, classes, styles,
 * attributes and text. Lexical's own bookkeeping (data-lexical-* attributes, the wrapper of a
 * decorator, its caret helpers) is left out of the comparison.
 */
function lexicalRendering(content: unknown): string {
  const editorState = initialEditorState(content);
  render(
    <LexicalComposer initialConfig={{ ...chapterEditorConfig, editable: false, editorState }}>
      <RichTextPlugin contentEditable={<ContentEditable data-testid="lexical" />} ErrorBoundary={LexicalErrorBoundary} />
      <LinkGuardPlugin />
    </LexicalComposer>,
  );
  const html = normalise(screen.getByTestId('lexical'));
  cleanup();
  return html;
}

/** The reader's rendering. */
async function readerRendering(content: unknown): Promise<string> {
  render(<ChapterView content={content} label="Chapter" />);
  const html = normalise(screen.getByTestId('chapter-content'));
  cleanup();
  return html;
}

function normalise(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const helper of Array.from(copy.querySelectorAll('[data-lexical-decorator-boundary]'))) helper.remove();
  for (const wrapper of Array.from(copy.querySelectorAll('[data-lexical-decorator]'))) wrapper.replaceWith(...Array.from(wrapper.childNodes));
  for (const element of Array.from(copy.querySelectorAll('*'))) {
    const attributes = Array.from(element.attributes)
      .filter((attribute) => !attribute.name.startsWith('data-lexical'))
      .map((attribute): [string, string] => [
        attribute.name,
        attribute.name === 'class'
          ? Array.from(element.classList).sort().join(' ')
          : attribute.name === 'style'
            ? (element as HTMLElement).style.cssText
            : attribute.value,
      ])
      .sort(([a], [b]) => a.localeCompare(b));
    for (const attribute of Array.from(element.attributes)) element.removeAttribute(attribute.name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return copy.innerHTML;
}

const text = (value: string, format = 0, style = '') => ({ type: 'text', version: 1, text: value, format, style, mode: 'normal', detail: 0 });
const paragraph = (children: unknown[], format = '', indent = 0) => ({
  type: 'paragraph',
  ...elementFields(format as never, indent),
  textFormat: 0,
  textStyle: '',
  children,
});
const listItem = (children: unknown[], value: number, checked?: boolean) => ({
  type: 'listitem',
  ...elementFields(),
  value,
  ...(checked === undefined ? {} : { checked }),
  children,
});
const list = (listType: string, items: unknown[], start = 1) => ({
  type: 'list',
  ...elementFields(),
  listType,
  start,
  tag: listType === 'number' ? 'ol' : 'ul',
  children: items,
});
const documentOf = (...children: unknown[]) => ({ root: { type: 'root', ...elementFields(), children } });

const every = documentOf(
  paragraph([
    text('plain '),
    ...Object.entries(TEXT_FORMAT).map(([name, bit]) => text(`${name} `, bit)),
    text('bold italic underline ', TEXT_FORMAT.bold | TEXT_FORMAT.italic | TEXT_FORMAT.underline),
    text('underline strike ', TEXT_FORMAT.underline | TEXT_FORMAT.strikethrough),
    text('bold code ', TEXT_FORMAT.bold | TEXT_FORMAT.code),
    text('red on yellow', 0, 'color: #e60000; background-color: #ffff00'),
    text(''),
    text(' joins', 0, 'color: #e60000; background-color: #ffff00'),
    { type: 'linebreak', version: 1 },
    text('after a break'),
    { type: 'tab', version: 1, text: '\t', format: 0, style: '', mode: 'normal', detail: 2 },
    text('after a tab'),
  ]),
  paragraph([text('centred')], 'center', 0),
  paragraph([text('A figure inside a line: '), { type: 'video-embed', version: 1, url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }]),
  paragraph([text('indented twice')], '', 2),
  paragraph([]),
  paragraph([text('ends in a break'), { type: 'linebreak', version: 1 }]),
  ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((tag) => ({ type: 'heading', ...elementFields('right'), tag, children: [text(`Heading ${tag}`)] })),
  { type: 'quote', ...elementFields(), children: [text('A quote, '), text('with bold', TEXT_FORMAT.bold)] },
  list('bullet', [listItem([text('one')], 1), listItem([list('bullet', [listItem([text('nested')], 1)])], 2), listItem([text('three')], 2)]),
  list('number', [listItem([text('fifth')], 5), listItem([text('sixth')], 6)], 5),
  list('check', [listItem([text('done')], 1, true), listItem([text('to do')], 2, false)]),
  paragraph([
    {
      type: 'link',
      ...elementFields(),
      url: 'https://www.iages.in/',
      rel: 'noopener noreferrer',
      target: '_blank',
      title: null,
      children: [text('IAGES', TEXT_FORMAT.bold)],
    },
    text(' and '),
    {
      type: 'link',
      ...elementFields(),
      url: 'mailto:training@example.org',
      rel: 'noopener noreferrer',
      target: null,
      title: 'Write to us',
      children: [text('email')],
    },
    text(' and '),
    { type: 'link', ...elementFields(), url: 'tel:+911234567890', rel: 'noopener noreferrer', target: '_blank', title: null, children: [text('call')] },
    { type: 'link', ...elementFields(), url: 'https://www.iages.in/empty', rel: 'noopener noreferrer', target: '_blank', title: null, children: [] },
    {
      type: 'link',
      ...elementFields(),
      url: 'https://www.iages.in/break',
      rel: 'noopener noreferrer',
      target: '_blank',
      title: null,
      children: [text('a break'), { type: 'linebreak', version: 1 }],
    },
  ]),
  { type: 'chapter-image', version: 1, src: '/media/images/2026-01/port.jpg', altText: 'Port sites', width: 1200, height: 800, caption: 'The four ports' },
  { type: 'chapter-image', version: 1, src: 'https://cdn.example.org/x.png', altText: '', width: 0, height: 0, caption: '' },
  { type: 'chapter-video', version: 1, src: '/media/videos/2026-01/clip.mp4' },
  { type: 'video-embed', version: 1, url: 'https://player.vimeo.com/video/76979871' },
);

const seedChapters = demoBooks.flatMap((book) => book.chapters.map((chapter) => ({ book: book.title, ...chapter })));

describe('the reader renders chapters as the editor does, without Lexical', () => {
  afterEach(cleanup);

  it('every node and text format', async () => {
    expect(await readerRendering(every)).toBe(lexicalRendering(every));
  });

  it('a chapter from the previous editor (Quill Delta)', async () => {
    expect(await readerRendering(portPlacementDelta)).toBe(lexicalRendering(portPlacementDelta));
  });

  it.each(seedChapters.map((chapter) => [`${chapter.book}: ${chapter.title}`, chapter] as const))('demo chapter %s', async (_, chapter) => {
    const content = resolveSeedMedia(chapter.content, (file) => `/media/seed/${file}`);
    expect(await readerRendering(content)).toBe(lexicalRendering(content));
  });
});
