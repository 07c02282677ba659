import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { createEditor } from 'lexical';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES, quizDataSchema } from '../../src/contract/quiz';
import { checkChapterContent } from '../../src/contract/rich-text';
import { demoBooks, resolveSeedMedia, seedMediaFiles, type BlockNodeJSON, type LexicalDocument } from '../../server/seed/content';

const mediaDir = fileURLToPath(new URL('../../server/seed/media/', import.meta.url));
const chapters = demoBooks.flatMap((book) => book.chapters.map((chapter) => ({ book, chapter })));
const chapterCases = chapters.map(({ book, chapter }) => [`${book.key} #${chapter.order} ${chapter.title}`, chapter.content] as const);

type AnyNode = { type?: string; children?: AnyNode[]; format?: unknown; style?: unknown; text?: unknown };
function* walk(node: AnyNode): Generator<AnyNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}
const nodesOf = (content: LexicalDocument) => [...walk(content.root as AnyNode)];
const textsOf = (json: unknown) => [...walk((json as { root: AnyNode }).root)].filter((n) => n.type === 'text').map((n) => n.text);

/** What the seeder does before storing a chapter: seed-media: files become served URLs. */
const resolved = (content: LexicalDocument) => resolveSeedMedia(content, (file) => `/media/seed/${file.replace(/\.svg$/, '.webp')}`);

describe('demo books', () => {
  it('has at least two books with unique keys', () => {
    expect(demoBooks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(demoBooks.map((b) => b.key)).size).toBe(demoBooks.length);
  });

  it.each(demoBooks.map((b) => [b.key, b] as const))('%s has at least three chapters with unique orders', (_key, book) => {
    expect(book.chapters.length).toBeGreaterThanOrEqual(3);
    expect(new Set(book.chapters.map((c) => c.order)).size).toBe(book.chapters.length);
    for (const chapter of book.chapters) expect(chapter.title.trim()).not.toBe('');
  });

  it.each(demoBooks.map((b) => [b.key, b] as const))('%s has a cover and at least one image that exist in seed-media', (_key, book) => {
    const files = [book.cover, ...book.chapters.flatMap((c) => seedMediaFiles(c.content))];
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect(existsSync(`${mediaDir}${file}`), file).toBe(true);
  });
});

describe('demo quizzes', () => {
  it.each(demoBooks.map((b) => [b.key, b] as const))('%s has a quiz that passes quizDataSchema with ids 1..n', (_key, book) => {
    expect(book.quiz).toBeDefined();
    const data = book.quiz!.quiz_data;
    const result = quizDataSchema.safeParse(data);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(data.map((q) => q.id)).toEqual(data.map((_, index) => index + 1));
    expect(data.length).toBeGreaterThanOrEqual(5);
    expect(new Set(data.map((q) => q.type)).size).toBeGreaterThanOrEqual(3);
  });

  it('the fundamentals quiz has at least eight questions covering all four types', () => {
    const data = demoBooks[0]!.quiz!.quiz_data;
    expect(data.length).toBeGreaterThanOrEqual(8);
    expect(new Set(data.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
  });

  it('every question of the fundamentals quiz carries the author’s explanation', () => {
    const data = demoBooks[0]!.quiz!.quiz_data;
    for (const question of data) expect(question.explanation, String(question.id)).toMatch(/\S.{30,}/);
    expect(quizDataSchema.parse(data)).toEqual(data);
  });
});

describe('demo chapter content', () => {
  it.each(chapterCases)('%s passes checkChapterContent unchanged once its media are resolved', (_name, content) => {
    const document = resolved(content);
    const result = checkChapterContent(document);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toEqual(document);
  });

  it('loses its images if the seed-media: sources are not resolved first', () => {
    const withImage = chapters.find(({ chapter }) => seedMediaFiles(chapter.content).length > 0)!.chapter.content;
    const result = checkChapterContent(withImage);
    expect(result.ok && nodesOf(result.value as LexicalDocument).some((n) => n.type === 'chapter-image')).toBe(false);
  });

  it.each(chapterCases)('%s has a heading, a list, bold or italic text, coloured text and a link', (_name, content) => {
    const nodes = nodesOf(content);
    const texts = nodes.filter((n) => n.type === 'text');
    expect(nodes.some((n) => n.type === 'heading')).toBe(true);
    expect(nodes.some((n) => n.type === 'list')).toBe(true);
    expect(texts.some((n) => typeof n.format === 'number' && (n.format & 3) !== 0)).toBe(true);
    expect(texts.some((n) => typeof n.style === 'string' && /^color: #[0-9a-f]{6}$/i.test(n.style))).toBe(true);
    expect(nodes.some((n) => n.type === 'link')).toBe(true);
    const words = texts
      .map((n) => n.text)
      .join(' ')
      .split(/\s+/).length;
    expect(words).toBeGreaterThan(300);
  });

  it.each(chapterCases)('%s loads into a Lexical editor and serialises back to the same JSON', (_name, content) => {
    // ChapterImageNode is registered by the PWA's editor; the stock nodes are checked here.
    const withoutImages: LexicalDocument = {
      root: { ...content.root, children: content.root.children.filter((n: BlockNodeJSON) => n.type !== 'chapter-image') },
    };
    const editor = createEditor({
      namespace: 'seed-content-test',
      nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode],
      onError: (error) => {
        throw error;
      },
    });
    const state = editor.parseEditorState(JSON.stringify(withoutImages));
    const roundTrip = JSON.parse(JSON.stringify(state.toJSON())) as unknown;
    expect(textsOf(roundTrip)).toEqual(textsOf(withoutImages));
    expect(roundTrip).toEqual(withoutImages);
  });
});

describe('seed media', () => {
  const files = [...new Set(demoBooks.flatMap((book) => [book.cover, ...book.chapters.flatMap((c) => seedMediaFiles(c.content))]))];

  it.each(files)('%s is a self-contained SVG that renders', async (file) => {
    const svg = readFileSync(`${mediaDir}${file}`, 'utf8');
    expect(svg).toMatch(/^<svg[\s>]/);
    expect(svg).not.toMatch(/<script|<foreignObject|\bon[a-z]+\s*=|(?:xlink:)?href\s*=\s*["'](?!#)|url\(\s*["']?(?!#)|@import/i);
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta.format).toBe('svg');
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(png.length).toBeGreaterThan(1000);
  });
});
