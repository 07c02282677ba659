/** Chapter content validation and sanitising (src/contract/rich-text), used by the server on every save. */
import { describe, expect, it } from 'vitest';
import {
  CHAPTER_IMAGE_TYPE,
  CHAPTER_VIDEO_TYPE,
  checkChapterContent,
  EMPTY_DOCUMENT,
  jsonDepth,
  MAX_CONTENT_BYTES,
  MAX_CONTENT_DEPTH,
  sanitizeTextStyle,
  VIDEO_EMBED_TYPE,
} from '../../../src/contract/rich-text';
import { chapterContentSchema } from '../../../src/contract/books';

type Node = Record<string, unknown>;
const text = (t: string, extra: Node = {}): Node => ({ type: 'text', text: t, format: 0, style: '', detail: 0, mode: 'normal', version: 1, ...extra });
const paragraph = (...children: Node[]): Node => ({ type: 'paragraph', version: 1, format: '', indent: 0, direction: 'ltr', children });
const doc = (...children: Node[]) => ({ root: { type: 'root', version: 1, format: '', indent: 0, direction: 'ltr', children } });
const link = (url: unknown, ...children: Node[]): Node => ({
  type: 'link',
  url,
  rel: null,
  target: null,
  title: null,
  version: 1,
  format: '',
  indent: 0,
  direction: 'ltr',
  children,
});

function sanitized(value: unknown) {
  const result = checkChapterContent(value);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.value as { root: { children: Node[] } } & { ops: Node[] };
}
const refusal = (value: unknown) => {
  const result = checkChapterContent(value);
  expect(result.ok).toBe(false);
  return (result as { message: string }).message;
};

describe('checkChapterContent: shape', () => {
  it.each([null, undefined, 'text', 42, true, [], [doc()]])('refuses a non-object: %j', (value) => {
    expect(refusal(value)).toBe('Content must be a JSON object.');
  });

  it.each([{}, { foo: 1 }, { ops: 'x' }, { root: 'x' }])('refuses an object that is neither a document nor a Delta: %j', (value) => {
    expect(refusal(value)).toMatch(/editor document|Delta/);
  });

  it.each([{ root: { type: 'paragraph', children: [] } }, { root: { type: 'root' } }, { root: { type: 'root', children: 'x' } }])(
    'refuses a document without a valid root: %j',
    (value) => {
      expect(refusal(value)).toBe('Content has no valid root node.');
    },
  );

  it('accepts the empty document and an ordinary chapter unchanged', () => {
    expect(sanitized(EMPTY_DOCUMENT)).toEqual(EMPTY_DOCUMENT);
    const chapter = doc(
      { type: 'heading', tag: 'h2', version: 1, format: '', indent: 0, direction: 'ltr', children: [text('Port placement')] },
      paragraph(text('Place the '), text('camera port', { format: 1 }), text(' at the umbilicus.')),
      {
        type: 'list',
        listType: 'bullet',
        start: 1,
        tag: 'ul',
        version: 1,
        format: '',
        indent: 0,
        direction: 'ltr',
        children: [{ type: 'listitem', value: 1, version: 1, format: '', indent: 0, direction: 'ltr', children: [text('Veress needle')] }],
      },
    );
    expect(sanitized(chapter)).toEqual(chapter);
  });

  it('does not change the object it is given', () => {
    const input = doc(paragraph(link('javascript:alert(1)', text('x'))));
    const copy = structuredClone(input);
    checkChapterContent(input);
    expect(input).toEqual(copy);
  });
});

describe('checkChapterContent: depth and size', () => {
  /** A Delta whose attributes nest `extra` objects: depth = 4 + extra. */
  const nestedDelta = (extra: number) => {
    let inner: Node = {};
    for (let i = 1; i < extra; i++) inner = { a: inner };
    return { ops: [{ insert: 'x', attributes: extra > 0 ? { a: inner } : {} }] };
  };

  it('measures depth as the number of nested objects and arrays', () => {
    expect(jsonDepth(nestedDelta(60))).toBe(64);
    expect(jsonDepth(nestedDelta(61))).toBe(65);
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth([])).toBe(1);
  });

  it(`accepts ${MAX_CONTENT_DEPTH} levels and refuses one more`, () => {
    expect(checkChapterContent(nestedDelta(60)).ok).toBe(true);
    expect(refusal(nestedDelta(61))).toBe(`Content is nested more than ${MAX_CONTENT_DEPTH} levels deep.`);
  });

  it('refuses 100 000 levels of nesting without overflowing the stack', () => {
    let node: Node = text('deep');
    for (let i = 0; i < 100_000; i++) node = paragraph(node);
    const hostile = doc(node);
    expect(() => checkChapterContent(hostile)).not.toThrow();
    expect(refusal(hostile)).toMatch(/nested more than 64 levels/);
    let arrays: unknown = [];
    for (let i = 0; i < 100_000; i++) arrays = [arrays];
    expect(refusal({ ops: arrays })).toMatch(/nested more than 64 levels/);
  });

  it('accepts content just under 2 MiB and refuses content over it, counting UTF-8 bytes', () => {
    const overhead = JSON.stringify({ ops: [{ insert: '' }] }).length;
    expect(checkChapterContent({ ops: [{ insert: 'a'.repeat(MAX_CONTENT_BYTES - overhead) }] }).ok).toBe(true);
    expect(refusal({ ops: [{ insert: 'a'.repeat(MAX_CONTENT_BYTES - overhead + 1) }] })).toBe('Content is larger than 2 MiB.');
    // 1.1 million characters, 2.2 million bytes.
    expect(refusal({ ops: [{ insert: 'é'.repeat(1_100_000) }] })).toBe('Content is larger than 2 MiB.');
    expect(MAX_CONTENT_BYTES).toBe(2 * 1024 * 1024);
  });
});

describe('checkChapterContent: links', () => {
  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd', '', null, 42])(
    'unwraps a link to %j and keeps its words',
    (url) => {
      const out = sanitized(doc(paragraph(text('See '), link(url, text('the video'), text(' here', { format: 1 })), text('.'))));
      expect(out.root.children[0]!.children).toEqual([text('See '), text('the video'), text(' here', { format: 1 }), text('.')]);
    },
  );

  it('unwraps unsafe links nested deep inside lists', () => {
    const list = {
      type: 'list',
      listType: 'number',
      start: 1,
      tag: 'ol',
      version: 1,
      format: '',
      indent: 0,
      direction: 'ltr',
      children: [{ type: 'listitem', value: 1, version: 1, format: '', indent: 0, direction: 'ltr', children: [link('data:text/html,x', text('nested'))] }],
    };
    const out = sanitized(doc(paragraph(link('javascript:alert(1)', text('javascript:alert(1)'))), list));
    expect(out.root.children[0]!.children).toEqual([text('javascript:alert(1)')]);
    expect((out.root.children[1]!.children as Node[])[0]!.children as Node[]).toEqual([text('nested')]);
  });

  it.each(['https://institute.example/fees', 'http://institute.example/', 'mailto:office@institute.example', '/books/2', '#step-3'])(
    'keeps a link to %s with rel="noopener noreferrer"',
    (url) => {
      const out = sanitized(doc(paragraph(link(url, text('go')))));
      expect(out.root.children[0]!.children).toEqual([{ ...link(url, text('go')), rel: 'noopener noreferrer' }]);
    },
  );

  it('keeps target _blank and clears any other target', () => {
    const blank = sanitized(doc(paragraph({ ...link('https://a.example', text('a')), target: '_blank', rel: 'opener' })));
    expect(blank.root.children[0]!.children).toEqual([{ ...link('https://a.example', text('a')), target: '_blank', rel: 'noopener noreferrer' }]);
    const top = sanitized(doc(paragraph({ ...link('https://a.example', text('a')), target: '_top' })));
    expect((top.root.children[0]!.children as Node[])[0]!.target).toBeNull();
  });
});

describe('checkChapterContent: media', () => {
  const image = (src: unknown): Node => ({ type: CHAPTER_IMAGE_TYPE, src, altText: 'Trocar', width: 400, height: 300, version: 1 });
  const video = (src: unknown): Node => ({ type: CHAPTER_VIDEO_TYPE, src, version: 1 });
  const embed = (url: unknown): Node => ({ type: VIDEO_EMBED_TYPE, url, version: 1 });

  it('keeps images and videos from /media/ or http(s), and canonical YouTube/Vimeo embeds', () => {
    const kept = [
      image('/media/images/2026-01/0123456789abcdef0123456789abcdef.png'),
      image('https://cdn.example/trocar.jpg'),
      video('/media/videos/2026-01/0123456789abcdef0123456789abcdef.mp4'),
      embed('https://www.youtube.com/embed/dQw4w9WgXcQ'),
      embed('https://player.vimeo.com/video/123456'),
    ];
    expect(sanitized(doc(paragraph(text('a')), ...kept)).root.children).toEqual([paragraph(text('a')), ...kept]);
  });

  it.each([
    ['image', image('javascript:alert(1)')],
    ['image', image('data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+')],
    ['image', image('/media/../db.sqlite3')],
    ['image', image(undefined)],
    ['video', video('file:///etc/passwd')],
    ['video', video('javascript:alert(1)')],
    ['embed', embed('https://evil.example/embed/dQw4w9WgXcQ')],
    ['embed', embed('https://youtube.com.evil.example/embed/dQw4w9WgXcQ')],
    ['embed', embed('https://youtu.be/dQw4w9WgXcQ')],
    ['embed', embed('javascript:alert(1)')],
  ])('drops an unsafe %s: %j', (_kind, node) => {
    const out = sanitized(doc(paragraph(text('before')), node, paragraph(text('after'))));
    expect(out.root.children).toEqual([paragraph(text('before')), paragraph(text('after'))]);
  });

  it('drops unsafe media inside paragraphs too', () => {
    const out = sanitized(doc(paragraph(text('x'), image('javascript:alert(1)'), text('y'))));
    expect(out.root.children[0]!.children).toEqual([text('x'), text('y')]);
  });
});

describe('text styles', () => {
  it.each([
    ['color: #ff0000', 'color: #ff0000'],
    ['color:#F00;background-color: rgb(10, 20, 30)', 'color: #F00; background-color: rgb(10, 20, 30)'],
    ['background-color: rgba(0,0,0,0.5)', 'background-color: rgba(0,0,0,0.5)'],
    ['color: #ff0000; background-image: url(https://tracker.example/p.gif); position: fixed; inset: 0', 'color: #ff0000'],
    ['color: expression(alert(1))', ''],
    ['color: #fff; behavior: url(x.htc)', 'color: #fff'],
    ['font-size: 400px; z-index: 9999', ''],
    ['color: url(javascript:alert(1))', ''],
  ])('sanitizeTextStyle(%j) → %j', (input, expected) => {
    expect(sanitizeTextStyle(input)).toBe(expected);
  });

  it('reduces a text node style to colours', () => {
    const out = sanitized(doc(paragraph(text('warning', { style: 'color: #c00; position: fixed; top: 0; left: 0; width: 100vw; height: 100vh' }))));
    expect(out.root.children[0]!.children).toEqual([text('warning', { style: 'color: #c00' })]);
  });

  it('reduces a non-string style to nothing', () => {
    const out = sanitized(doc(paragraph(text('x', { style: { color: 'red' } }))));
    expect((out.root.children[0]!.children as Node[])[0]!.style).toBe('');
  });

  it('reduces the style of a tab (a core Lexical text node that renders its style) to colours too', () => {
    const tab = {
      type: 'tab',
      text: '\t',
      format: 0,
      detail: 2,
      mode: 'normal',
      version: 1,
      style: 'color: #c00; position: fixed; inset: 0; z-index: 9999; background-image: url(https://evil.example/phish.png)',
    };
    const out = sanitized(doc(paragraph(tab, text('x'))));
    expect(out.root.children[0]!.children).toEqual([{ ...tab, style: 'color: #c00' }, text('x')]);
  });
});

describe('checkChapterContent: Quill Delta', () => {
  it('strips an unsafe link attribute and keeps the text and other attributes', () => {
    const out = sanitized({ ops: [{ insert: 'click me', attributes: { link: 'javascript:alert(1)', bold: true } }, { insert: '\n' }] });
    expect(out.ops).toEqual([{ insert: 'click me', attributes: { bold: true } }, { insert: '\n' }]);
  });

  it.each(['JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x'])('strips the link %j', (href) => {
    expect(sanitized({ ops: [{ insert: 'x', attributes: { link: href } }] }).ops).toEqual([{ insert: 'x', attributes: {} }]);
  });

  it('keeps a safe link, colours and embeds', () => {
    const ops = [
      { insert: 'fees', attributes: { link: 'https://institute.example/fees', color: '#336699', background: 'rgb(1, 2, 3)' } },
      { insert: { image: '/media/images/2026-01/0123456789abcdef0123456789abcdef.png' } },
      { insert: { video: 'https://www.youtube.com/embed/dQw4w9WgXcQ' } },
      { insert: { video: '/media/videos/2026-01/0123456789abcdef0123456789abcdef.mp4' } },
      { insert: '\n' },
    ];
    expect(sanitized({ ops }).ops).toEqual(ops);
  });

  it('drops unsafe embeds and unsafe colours', () => {
    const out = sanitized({
      ops: [
        { insert: { image: 'javascript:alert(1)' } },
        { insert: { video: 'javascript:alert(1)' } },
        { insert: { video: 'data:video/mp4;base64,AAAA' } },
        { insert: 'x', attributes: { color: 'expression(alert(1))', background: 'url(https://t.example/p.gif)', italic: true } },
        'not an op',
        null,
      ],
    });
    expect(out.ops).toEqual([{ insert: 'x', attributes: { italic: true } }]);
  });
});

describe('chapterContentSchema', () => {
  it('answers the sanitised document, or an issue with the refusal', () => {
    expect(chapterContentSchema.parse(doc(paragraph(link('javascript:x', text('k')))))).toEqual(doc(paragraph(text('k'))));
    const result = chapterContentSchema.safeParse('nope');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('Content must be a JSON object.');
  });
});

describe('checkChapterContent: node types the reader cannot show', () => {
  const listOf = (...items: Node[]) => ({
    type: 'list',
    listType: 'bullet',
    start: 1,
    tag: 'ul',
    version: 1,
    format: '',
    indent: 0,
    direction: null,
    children: [{ type: 'listitem', value: 1, version: 1, format: '', indent: 0, direction: null, children: items }],
  });

  it.each([
    ['a table', { type: 'table', version: 1, children: [] }, 'table'],
    ['an autolink (no AutoLinkNode is registered)', { ...link('https://x.example/', text('x')), type: 'autolink' }, 'autolink'],
    ['a code block', { type: 'code', version: 1, language: 'js', children: [text('alert(1)')] }, 'code'],
    ['a horizontal rule', { type: 'horizontalrule', version: 1 }, 'horizontalrule'],
    ['a node without a type', { version: 1, children: [] }, '(none)'],
    ['a mention deep inside a list', listOf(paragraph({ type: 'mention', version: 1, text: '@x' })), 'mention'],
  ])('refuses %s, naming its type', (_name, node, type) => {
    expect(refusal(doc(paragraph(text('Before')), node as Node))).toBe(`Content has a node of type "${type}", which a chapter cannot show.`);
  });

  it('takes every type the reader shows: paragraph, text, tab, linebreak, heading, quote, list, listitem, link and the media nodes', () => {
    const everything = doc(
      paragraph(text('a'), { type: 'tab', version: 1, text: '\t', format: 0, style: '', mode: 'normal', detail: 2 }, { type: 'linebreak', version: 1 }),
      { type: 'heading', tag: 'h2', version: 1, format: '', indent: 0, direction: null, children: [text('h')] },
      { type: 'quote', version: 1, format: '', indent: 0, direction: null, children: [link('https://x.example/', text('q'))] },
      listOf(text('item')),
      { type: CHAPTER_IMAGE_TYPE, version: 1, src: '/media/images/a.png', altText: '', width: 1, height: 1, caption: '' },
      { type: CHAPTER_VIDEO_TYPE, version: 1, src: '/media/videos/a.mp4' },
      { type: VIDEO_EMBED_TYPE, version: 1, url: 'https://www.youtube.com/embed/abc' },
    );
    expect(checkChapterContent(everything).ok).toBe(true);
  });
});
