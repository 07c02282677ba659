/**
 * The node types a chapter may hold are one list (src/contract CHAPTER_NODE_TYPES): the server
 * refuses any other at save, and the editor and the reader must know every one of them — the
 * editor by registering it, the reader by rendering it.
 */
import { createEditor } from 'lexical';
import { expect, it } from 'vitest';
import { CHAPTER_NODE_TYPES } from '../../../../src/contract/rich-text-nodes';
import { renderChapterDocument } from '../../../../src/features/editor/components/chapter-document';
import { chapterNodes } from '../../../../src/features/editor/nodes';

it("is the set of types the chapter editor registers (Lexical's own and the chapter nodes)", () => {
  const editor = createEditor({
    nodes: chapterNodes,
    onError: (error) => {
      throw error;
    },
  });
  // Lexical's internal placeholder type is never serialised into a document.
  const registered = [...editor._nodes.keys()].filter((type) => type !== 'artificial');
  expect([...registered].sort()).toEqual([...CHAPTER_NODE_TYPES].sort());
});

it('the reader shows a document holding every one of those types', () => {
  const text = (value: string) => ({ type: 'text', version: 1, text: value, format: 0, style: '', mode: 'normal', detail: 0 });
  const element = { version: 1, format: '', indent: 0, direction: null };
  const blocks = [
    {
      ...element,
      type: 'paragraph',
      textFormat: 0,
      textStyle: '',
      children: [text('a'), { ...text('\t'), type: 'tab', detail: 2 }, { type: 'linebreak', version: 1 }],
    },
    { ...element, type: 'heading', tag: 'h2', children: [text('h')] },
    {
      ...element,
      type: 'quote',
      children: [{ ...element, type: 'link', url: 'https://x.example/', rel: null, target: null, title: null, children: [text('q')] }],
    },
    { ...element, type: 'list', listType: 'bullet', start: 1, tag: 'ul', children: [{ ...element, type: 'listitem', value: 1, children: [text('item')] }] },
    { type: 'chapter-image', version: 1, src: '/media/images/a.png', altText: 'A port', width: 1, height: 1, caption: '' },
    { type: 'chapter-video', version: 1, src: '/media/videos/a.mp4' },
    { type: 'video-embed', version: 1, url: 'https://www.youtube.com/embed/abc' },
  ];
  const shown = new Set<string>(['root']);
  const walk = (node: { type: string; children?: unknown[] }) => {
    shown.add(node.type);
    for (const child of node.children ?? []) walk(child as { type: string });
  };
  blocks.forEach(walk);
  expect([...shown].sort()).toEqual([...CHAPTER_NODE_TYPES].sort());
  expect(renderChapterDocument({ root: { children: blocks } })).toHaveLength(blocks.length);
});
