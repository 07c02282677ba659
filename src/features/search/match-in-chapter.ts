/**
 * A search result opened in the reader: the matching block of the chapter is scrolled into view
 * and the query's words in the chapter are highlighted with the CSS Custom Highlight API (no
 * change to the DOM React renders), until the reader scrolls on by half a screen. The words are
 * the contract's (`wordMatcher`), so what is marked is what matched.
 */
import { searchWords, wordMatcher, wordSpans } from '../../contract/search';

export const SEARCH_HIGHLIGHT = 'search-match';
const CONTENT = '[data-testid="chapter-content"]';
/** How long the chapter may take to show (a lazy chunk, IndexedDB) before the match is given up. */
const WAIT_MS = 10_000;

let styled = false;
function addHighlightStyle(): void {
  if (styled) return;
  styled = true;
  const style = document.createElement('style');
  style.textContent = `::highlight(${SEARCH_HIGHLIGHT}) { background-color: #ffe066; color: #1a1a1a; }`;
  document.head.append(style);
}

/** Ranges of the words of `root`'s text that match the query. */
export function matchingRanges(root: Node, q: string): Range[] {
  const matches = wordMatcher(searchWords(q));
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Offsets into the node's own text; the matcher compares words in NFC.
    for (const { start, end, word } of wordSpans(node.nodeValue ?? '')) {
      if (!matches(word.normalize('NFC'))) continue;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      ranges.push(range);
    }
  }
  return ranges;
}

/**
 * Waits for the chapter's content, scrolls its `block`-th block into view and highlights the
 * words of `q` in it. Returns what undoes it (the highlight goes, the waiting stops).
 */
export function showMatchInChapter({ block, q }: { block: number | undefined; q: string }): () => void {
  let stopped = false;
  let cleanup = () => undefined as void;
  const started = performance.now();

  const show = (content: Element) => {
    const target = (block !== undefined ? content.children[block] : null) ?? content;
    target.scrollIntoView({ block: 'center', behavior: 'auto' });
    if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') return;
    addHighlightStyle();
    CSS.highlights.set(SEARCH_HIGHLIGHT, new Highlight(...matchingRanges(content, q)));
    const from = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - from) > window.innerHeight / 2) cleanup();
    };
    // The scroll into view has happened: from here only the reader's own scrolling counts.
    window.addEventListener('scroll', onScroll, { passive: true });
    cleanup = () => {
      window.removeEventListener('scroll', onScroll);
      CSS.highlights.delete(SEARCH_HIGHLIGHT);
    };
  };

  const look = () => {
    if (stopped) return;
    const content = document.querySelector(CONTENT);
    // After the route's scroll to the top and the chapter's first layout.
    if (content) requestAnimationFrame(() => requestAnimationFrame(() => !stopped && show(content)));
    else if (performance.now() - started < WAIT_MS) setTimeout(look, 50);
  };
  look();
  return () => {
    stopped = true;
    cleanup();
  };
}
