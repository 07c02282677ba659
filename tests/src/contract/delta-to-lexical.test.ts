import { describe, expect, it } from 'vitest';
import { checkChapterContent } from '../../../src/contract/rich-text';
import { deltaToLexical, isDeltaDocument } from '../../../src/contract/delta-to-lexical';
import { portPlacementDelta } from '../features/editor/port-placement-delta';

type Node = Record<string, unknown> & { type: string; children?: Node[] };
const convert = (ops: unknown[]) => deltaToLexical({ ops: ops as never }).root.children as unknown as Node[];
const texts = (node: Node): string => (node.type === 'text' ? (node.text as string) : (node.children ?? []).map(texts).join(''));

describe('Quill Delta → Lexical document', () => {
  const blocks = deltaToLexical(portPlacementDelta).root.children as unknown as Node[];

  it('recognises Delta documents', () => {
    expect(isDeltaDocument(portPlacementDelta)).toBe(true);
    expect(isDeltaDocument({ root: {} })).toBe(false);
    expect(isDeltaDocument(null)).toBe(false);
  });

  it('keeps the blocks of the chapter in order', () => {
    expect(blocks.map((b) => (b.type === 'heading' ? b.tag : b.type === 'list' ? `list:${b.listType}` : b.type))).toEqual([
      'h1',
      'paragraph',
      'h2',
      'list:number',
      'h3',
      'list:bullet',
      'paragraph',
      'chapter-image',
      'quote',
      'video-embed',
      'paragraph',
    ]);
    expect(texts(blocks[0]!)).toBe('Port Placement in Laparoscopic Cholecystectomy');
    expect(texts(blocks[8]!)).toBe('The Calot triangle must be displayed before any structure is divided.');
  });

  it('turns bold, italic, underline and colours into text formats and colour styles', () => {
    const paragraph = blocks[1]!;
    expect(paragraph.children).toEqual([
      expect.objectContaining({ text: 'Port placement decides how easy the rest of the operation will be. Follow the ', format: 0, style: '' }),
      expect.objectContaining({ text: 'baseball-diamond', format: 1, style: '' }),
      expect.objectContaining({ text: ' principle and keep the ', format: 0 }),
      expect.objectContaining({ text: 'working ports 5–10 cm apart', format: 2, style: 'color: #e60000' }),
      expect.objectContaining({ text: '.', format: 0 }),
    ]);
    const checks = blocks[5]!.children!;
    expect(checks[0]!.children![1]).toMatchObject({ text: 'opposite', format: 8 });
    expect(checks[1]!.children![1]).toMatchObject({ text: '12–15 mmHg', format: 1, style: 'color: #0066cc' });
  });

  it('builds numbered lists with a nested bullet list, numbered as Lexical numbers them', () => {
    const list = blocks[3]!;
    expect(list).toMatchObject({ type: 'list', listType: 'number', tag: 'ol', start: 1 });
    const items = list.children!;
    expect(items.map((item) => [item.value, texts(item)])).toEqual([
      [1, 'Umbilical camera port (10 mm)'],
      [2, 'Epigastric working port (10 mm)'],
      [3, 'Two subcostal ports (5 mm)'],
      [4, 'mid-clavicular lineanterior axillary line'],
    ]);
    const nested = items[3]!.children![0]!;
    expect(nested).toMatchObject({ type: 'list', listType: 'bullet', tag: 'ul' });
    expect(nested.children!.map(texts)).toEqual(['mid-clavicular line', 'anterior axillary line']);
  });

  it('keeps safe links, opens web links in a new tab, and drops a javascript: link but keeps its words', () => {
    const paragraph = blocks[6]!;
    const links = paragraph.children!.filter((child) => child.type === 'link');
    expect(links.map((link) => [link.url, link.target, texts(link)])).toEqual([
      ['https://www.sages.org/publications/guidelines/', '_blank', 'SAGES guidelines'],
      ['mailto:training@example.org', null, 'training@example.org'],
    ]);
    expect(texts(paragraph)).toContain('Never follow this link.');
    expect(JSON.stringify(paragraph)).not.toContain('javascript:');
  });

  it('turns images into chapter-image nodes and YouTube watch links into embeds', () => {
    expect(blocks[7]).toEqual({
      type: 'chapter-image',
      version: 1,
      src: 'https://cdn.example.org/figures/port-sites.png',
      altText: 'Port sites on the abdomen',
      width: 640,
      height: 0,
      caption: '',
    });
    expect(blocks[9]).toEqual({ type: 'video-embed', version: 1, url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
  });

  it('keeps alignment as the element format', () => {
    expect(blocks[10]).toMatchObject({ type: 'paragraph', format: 'right', textFormat: 2 });
  });

  it('makes an uploaded MP4 a chapter-video and drops unsafe media', () => {
    const nodes = convert([
      { insert: { video: '/media/videos/2026-01/clip.mp4' } },
      { insert: { video: 'https://player.vimeo.com/video/76979871' } },
      { insert: { video: 'javascript:alert(1)' } },
      { insert: { image: 'data:image/svg+xml;base64,PHN2Zz4=' } },
      { insert: { formula: 'e=mc^2' } },
      { insert: '\n' },
    ]);
    expect(nodes).toEqual([
      { type: 'chapter-video', version: 1, src: '/media/videos/2026-01/clip.mp4' },
      { type: 'video-embed', version: 1, url: 'https://player.vimeo.com/video/76979871' },
    ]);
  });

  it('splits a line around an inline image, and handles check lists, code blocks and blank lines', () => {
    const nodes = convert([
      { insert: 'Before ' },
      { insert: { image: '/media/images/2026-01/a.png' } },
      { insert: 'after\n' },
      { insert: '\n' },
      { insert: 'Consent signed' },
      { insert: '\n', attributes: { list: 'checked' } },
      { insert: 'Bloods sent' },
      { insert: '\n', attributes: { list: 'unchecked' } },
      { insert: 'npm start' },
      { insert: '\n', attributes: { 'code-block': true } },
      { insert: 'no final newline' },
    ]);
    expect(nodes.map((n) => n.type)).toEqual(['paragraph', 'chapter-image', 'paragraph', 'paragraph', 'list', 'paragraph', 'paragraph']);
    expect(texts(nodes[0]!)).toBe('Before ');
    expect(texts(nodes[2]!)).toBe('after');
    expect(nodes[3]!.children).toEqual([]);
    expect(nodes[4]).toMatchObject({ listType: 'check', tag: 'ul' });
    expect(nodes[4]!.children!.map((item) => item.checked)).toEqual([true, false]);
    expect(nodes[5]!.children![0]).toMatchObject({ text: 'npm start', format: 16 });
    expect(texts(nodes[6]!)).toBe('no final newline');
  });

  it('ignores colours that are not plain colour values', () => {
    const [paragraph] = convert([{ insert: 'x', attributes: { color: 'red; background: url(https://evil.example/x)' } }, { insert: '\n' }]);
    expect(paragraph!.children![0]).toMatchObject({ style: '' });
  });

  it('produces a document the server accepts unchanged', () => {
    const document = deltaToLexical(portPlacementDelta);
    const checked = checkChapterContent(document);
    expect(checked.ok).toBe(true);
    expect(checked.ok && checked.value).toEqual(document);
  });
});
