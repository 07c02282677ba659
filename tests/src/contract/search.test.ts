import { describe, expect, it } from 'vitest';
import { chapterBlocks, makeSnippet, SEARCH_TEXT, searchQuerySchema, searchWords, wordMatcher } from '../../../src/contract/search';
import { portPlacementDelta } from '../features/editor/port-placement-delta';

const marked = ({ snippet, highlights }: { snippet: string; highlights: [number, number][] }) => highlights.map(([start, end]) => snippet.slice(start, end));

describe('search words', () => {
  it('splits on punctuation and FTS syntax, lower-cases, keeps Devanagari words whole', () => {
    expect(searchWords('"Critical" view* -on: ^safety (NEAR AND OR')).toEqual(['critical', 'view', 'safety', 'near']);
    expect(searchWords('(AND OR')).toEqual(['and', 'or']);
    expect(searchWords('पित्ताशय की थैली')).toEqual(['पित्ताशय', 'की', 'थैली']);
  });

  it('drops words too common to narrow the search, unless nothing else was typed', () => {
    expect(searchWords('critical view of safety')).toEqual(['critical', 'view', 'safety']);
    expect(searchWords('The')).toEqual(['the']);
  });

  it('matches stems and the last word as a prefix', () => {
    const matches = wordMatcher(searchWords('sutures lig'));
    expect(['suture', 'Sutures', 'sutured', 'ligation', 'ligature'].every(matches)).toBe(true);
    expect(matches('suction')).toBe(false);
    expect(wordMatcher(searchWords('पित्ताशय'))('पित्ताशय')).toBe(true);
  });

  it('compares NFC forms: a decomposed query finds the composed text', () => {
    const decomposed = 'क़'.normalize('NFD');
    expect(searchWords(decomposed)).toEqual(['क़'.normalize('NFC')]);
  });
});

describe('the search query', () => {
  it('refuses an empty query, one with no words, and one over 200 characters', () => {
    for (const q of ['', '   ', '"*-:^()', 'x'.repeat(201)]) {
      const result = searchQuerySchema.safeParse({ q });
      expect(result.success, q).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['q']);
    }
    expect(searchQuerySchema.safeParse({ q: '' }).error!.issues[0]!.message).toBe(SEARCH_TEXT.empty);
    expect(searchQuerySchema.safeParse({ q: 'a'.repeat(201) }).error!.issues[0]!.message).toBe(SEARCH_TEXT.tooLong);
  });

  it('takes the book and page from the query string', () => {
    expect(searchQuerySchema.parse({ q: ' trocar ', book: '7', page: '2' })).toEqual({ q: 'trocar', book: 7, page: 2 });
    expect(searchQuerySchema.safeParse({ q: 'trocar', book: 'x' }).success).toBe(false);
  });
});

describe('chapter blocks', () => {
  it('gives the text of each top-level block of a Lexical document', () => {
    const document = {
      root: {
        type: 'root',
        children: [
          { type: 'heading', tag: 'h2', children: [{ type: 'text', text: 'Critical view' }] },
          { type: 'paragraph', children: [{ type: 'text', text: 'Line one' }, { type: 'linebreak' }, { type: 'text', text: 'line  two' }] },
          {
            type: 'list',
            children: [
              { type: 'listitem', children: [{ type: 'text', text: 'Clip' }] },
              { type: 'listitem', children: [{ type: 'text', text: 'Cut' }] },
            ],
          },
          { type: 'chapter-image', src: '/media/x.png', altText: 'Calot triangle', caption: 'Dissected' },
          { type: 'chapter-video', src: '/media/x.mp4' },
        ],
      },
    };
    expect(chapterBlocks(document)).toEqual(['Critical view', 'Line one line two', 'Clip Cut', 'Calot triangle Dissected', '']);
    expect(chapterBlocks(JSON.stringify(document))).toHaveLength(5);
  });

  it('reads a legacy Delta as the reader shows it, and gives nothing for what is not a document', () => {
    const blocks = chapterBlocks(portPlacementDelta);
    expect(blocks.length).toBeGreaterThan(3);
    expect(blocks.join(' ')).toMatch(/port/i);
    expect(chapterBlocks(null)).toEqual([]);
    expect(chapterBlocks('not json')).toEqual([]);
    expect(chapterBlocks({ root: 1 })).toEqual([]);
  });
});

describe('snippets', () => {
  it('marks every matching word inside the snippet', () => {
    const result = makeSnippet('Place sutures close; a suture line holds.', searchWords('suture'));
    expect(result.snippet).toBe('Place sutures close; a suture line holds.');
    expect(marked(result)).toEqual(['sutures', 'suture']);
  });

  it('cuts a long text around the first match, at word boundaries', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(20)}The critical view of safety is mandatory. ${'Consectetur adipiscing. '.repeat(20)}`;
    const result = makeSnippet(text, searchWords('critical view'));
    expect(result.snippet.startsWith('… ')).toBe(true);
    expect(result.snippet.endsWith(' …')).toBe(true);
    expect(result.snippet.length).toBeLessThanOrEqual(190);
    expect(marked(result)).toEqual(['critical', 'view']);
  });

  it('marks Hindi words', () => {
    const result = makeSnippet('लेप्रोस्कोपिक पित्ताशय उच्छेदन', searchWords('पित्ताशय'));
    expect(marked(result)).toEqual(['पित्ताशय']);
  });
});
