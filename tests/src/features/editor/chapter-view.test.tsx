import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { render, screen, within } from '@testing-library/react';
import { createEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { demoBooks, resolveSeedMedia } from '../../../../server/seed/content';
import { ChapterView } from '../../../../src/features/editor/components/chapter-view';
import { chapterEditorConfig } from '../../../../src/features/editor/editor-config';
import { chapterNodes } from '../../../../src/features/editor/nodes';
import { LinkGuardPlugin } from '../../../../src/features/editor/plugins/link-guard-plugin';
import { portPlacementDelta } from './port-placement-delta';

const seedChapters = demoBooks.flatMap((book) => book.chapters);
const withMedia = (content: (typeof seedChapters)[number]['content']) => resolveSeedMedia(content, (file) => `/media/seed/${file}`);

function renderChapter(content: unknown) {
  render(<ChapterView content={content} label="Chapter" />);
  return screen.getByTestId('chapter-content');
}

function link(text: string, url: string) {
  return {
    type: 'link',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    url,
    rel: null,
    target: null,
    title: null,
    children: [{ type: 'text', version: 1, text, format: 0, style: '', mode: 'normal', detail: 0 }],
  };
}

const paragraphWith = (...children: unknown[]) => ({
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, textStyle: '', children }],
  },
});

describe('ChapterView (the reader)', () => {
  it('renders a chapter written with the previous editor (Quill Delta)', async () => {
    const content = renderChapter(portPlacementDelta);
    expect(content).toHaveAttribute('contenteditable', 'false');
    // Reading text, not a form field.
    expect(content).toHaveAttribute('role', 'document');
    expect(within(content).getByRole('heading', { level: 1 })).toHaveTextContent('Port Placement in Laparoscopic Cholecystectomy');
    expect(within(content).getByRole('heading', { level: 2 })).toHaveTextContent('Standard four-port technique');
    expect(within(content).getByRole('heading', { level: 3 })).toHaveTextContent('Check before the first incision:');

    const [numbered, nested, bullets] = within(content).getAllByRole('list');
    expect(numbered!.tagName).toBe('OL');
    expect(within(numbered!).getAllByRole('listitem')[0]).toHaveTextContent('Umbilical camera port (10 mm)');
    expect(nested!.tagName).toBe('UL');
    expect(nested).toHaveTextContent('mid-clavicular line');
    expect(bullets).toHaveTextContent('Insufflation pressure 12–15 mmHg');

    expect(within(content).getByText('baseball-diamond').tagName).toBe('STRONG');
    const red = within(content).getByText('working ports 5–10 cm apart');
    expect(red.tagName).toBe('EM');
    expect(red).toHaveStyle({ color: '#e60000' });
    expect(within(content).getByText('opposite')).toHaveClass('ch-underline');

    expect(within(content).getByRole('link', { name: 'SAGES guidelines' })).toHaveAttribute('href', 'https://www.sages.org/publications/guidelines/');
    expect(within(content).getByRole('link', { name: 'training@example.org' })).toHaveAttribute('href', 'mailto:training@example.org');
    expect(within(content).queryByRole('link', { name: 'this link' })).not.toBeInTheDocument();
    expect(content).toHaveTextContent('Never follow this link.');

    const image = within(content).getByRole('img', { name: 'Port sites on the abdomen' });
    expect(image).toHaveAttribute('src', 'https://cdn.example.org/figures/port-sites.png');
    expect(content.querySelector('iframe')).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(content.querySelector('blockquote')).toHaveTextContent('The Calot triangle must be displayed');
  });

  it('renders the demo chapters, images included', async () => {
    const chapter = seedChapters.find((c) => JSON.stringify(c.content).includes('"chapter-image"'))!;
    const content = renderChapter(withMedia(chapter.content));
    const imageNode = chapter.content.root.children.find((node) => node.type === 'chapter-image')!;
    const image = within(content).getByRole('img', { name: (imageNode as { altText: string }).altText });
    expect(image.getAttribute('src')).toMatch(/^\/media\/seed\//);
    expect(content.querySelector('figcaption')).toHaveTextContent((imageNode as { caption: string }).caption);
    expect(within(content).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
  });

  it('renders a long chapter whole, every block', () => {
    const chapter = seedChapters.find((c) => c.content.root.children.length >= 15)!;
    render(<ChapterView content={withMedia(chapter.content)} label="Chapter" />);
    expect(screen.getByTestId('chapter-content').children).toHaveLength(chapter.content.root.children.length);
  });

  it('never renders a javascript: link, even if one reached the stored chapter', async () => {
    const content = renderChapter(
      paragraphWith(
        link('Open the atlas', 'javascript:alert(document.cookie)'),
        link('tab trick', 'java\tscript:alert(1)'),
        link('data', 'data:text/html,<script>alert(1)</script>'),
        link('Safe', 'https://www.iages.in/'),
      ),
    );
    expect(content).toHaveTextContent('Open the atlastab trickdataSafe');
    const anchors = Array.from(content.querySelectorAll('a'));
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['https://www.iages.in/']);
  });

  it('keeps an unsafe link from being clickable even in content that skipped the sanitiser (the link guard)', () => {
    const unsanitised = paragraphWith(link('Call', 'tel:+911234567890'), link('Script', 'javascript:alert(1)'), link('Atlas', 'https://www.iages.in/'));
    render(
      <LexicalComposer initialConfig={{ ...chapterEditorConfig, editable: false, editorState: JSON.stringify(unsanitised) }}>
        <RichTextPlugin contentEditable={<ContentEditable data-testid="raw" />} ErrorBoundary={LexicalErrorBoundary} />
        <LinkGuardPlugin />
      </LexicalComposer>,
    );
    const anchors = Array.from(screen.getByTestId('raw').querySelectorAll('a'));
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Call', null],
      ['Script', null],
      ['Atlas', 'https://www.iages.in/'],
    ]);
  });

  it('drops media with unsafe addresses and iframes that are not YouTube or Vimeo players', async () => {
    const content = renderChapter({
      root: {
        type: 'root',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        children: [
          { type: 'chapter-image', version: 1, src: 'javascript:alert(1)', altText: 'bad', width: 1, height: 1, caption: '' },
          { type: 'video-embed', version: 1, url: 'https://evil.example/embed/x' },
          { type: 'chapter-video', version: 1, src: '/media/videos/2026-01/clip.mp4' },
        ],
      },
    });
    expect(content.querySelector('img')).toBeNull();
    expect(content.querySelector('iframe')).toBeNull();
    expect(content.querySelector('video')).toHaveAttribute('src', '/media/videos/2026-01/clip.mp4');
  });

  it('says so when a chapter has no content, or content it cannot read', () => {
    const { unmount } = render(<ChapterView content={null} />);
    expect(screen.getByText('This chapter has no content yet.')).toBeInTheDocument();
    unmount();
    render(<ChapterView content={{ something: 'else' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This chapter could not be displayed.');
  });

  it('says it cannot display a chapter holding a node no editor of ours writes, rather than showing part of it', () => {
    const unknownNode = paragraphWith({ type: 'text', version: 1, text: 'Before', format: 0, style: '', mode: 'normal', detail: 0 });
    unknownNode.root.children.push({ type: 'table', version: 1, children: [] } as never);
    render(<ChapterView content={unknownNode} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This chapter could not be displayed.');
    expect(screen.queryByText('Before')).not.toBeInTheDocument();
  });
});

describe('stored format', () => {
  it('is exactly editorState.toJSON(): a demo chapter parses and serialises back to the same JSON', () => {
    const editor = createEditor({
      namespace: 'round-trip',
      nodes: chapterNodes,
      onError: (error) => {
        throw error;
      },
    });
    for (const chapter of seedChapters) {
      const document = withMedia(chapter.content);
      const state = editor.parseEditorState(JSON.stringify(document));
      expect(state.toJSON()).toEqual(document);
    }
  });
});
