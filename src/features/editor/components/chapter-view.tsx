import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { chapterContentSx } from '../content-styles';
import { toEditorDocument } from '../content/load-content';
import { renderChapterDocument } from './chapter-document';

const UNREADABLE = 'This chapter could not be displayed.';

/**
 * About how much of a chapter fills a phone's screen (390 × 844 px) and more, in characters of
 * its stored document (a paragraph's JSON is about four times its text). A long chapter's first
 * frame holds that much, scaled to the screen it is read on; its other blocks follow once that
 * frame is drawn, below the fold, so nothing on screen moves (the Previous/Next links did, on a
 * tall desktop screen, when every screen got a phone's share). On a phone, creating a whole
 * chapter's DOM and laying it out in one task held the first lines back and blocked taps for a
 * few hundred milliseconds (`npm run bench`).
 */
const PHONE_SCREEN_SIZE = 4000;

/** The first frame's share of a chapter on this screen: its height, and its width up to the text's measure (about 760 px). */
function firstFrameSize(): number {
  if (typeof window === 'undefined') return Number.POSITIVE_INFINITY;
  return PHONE_SCREEN_SIZE * (window.innerHeight / 844) * (Math.min(window.innerWidth, 760) / 390);
}

/** How many of the first blocks make the first frame's share (at least one). */
function firstFrameBlocks(blocks: unknown[]): number {
  const share = firstFrameSize();
  let size = 0;
  for (const [index, block] of blocks.entries()) {
    size += JSON.stringify(block).length;
    if (size >= share) return index + 1;
  }
  return blocks.length;
}

/**
 * False until the frame showing the first blocks has been drawn (an animation frame, then a
 * task), then true for as long as the view is mounted: a background refresh of the same chapter
 * (new objects, the same text) must not shorten the page under a reader's scroll. Another
 * chapter is another view (its `key`). In a hidden tab, which draws no frames, true at once.
 */
function useFirstFrameDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn) return;
    const show = () => startTransition(() => setDrawn(true));
    if (document.visibilityState === 'hidden') {
      show();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [drawn]);
  return drawn;
}

/**
 * A chapter's content for reading. Lexical documents and legacy Quill Deltas both render, with
 * the editor's classes and media views (chapter-document.tsx), so the page shows exactly what
 * the author saw, but without loading the editor. Give each chapter its own `key`: a long one
 * then shows its first blocks first.
 */
export function ChapterView({ content, label }: { content: unknown; label?: string }) {
  const state = useMemo(() => {
    try {
      const document = toEditorDocument(content);
      if (!document || document.root.children.length === 0) return { blocks: null, first: 0, failed: false };
      return { blocks: renderChapterDocument(document), first: firstFrameBlocks(document.root.children), failed: false };
    } catch (error) {
      console.error('Chapter content could not be read', error);
      return { blocks: null, first: 0, failed: true };
    }
  }, [content]);
  const whole = useFirstFrameDrawn();
  if (state.failed) return <Alert severity="error">{UNREADABLE}</Alert>;
  if (!state.blocks) return <Typography sx={{ color: 'text.secondary' }}>This chapter has no content yet.</Typography>;
  return (
    <Box sx={chapterContentSx}>
      {/* Text to read, not a form field. */}
      <div role="document" aria-label={label} contentEditable={false} data-testid="chapter-content" style={{ outline: 'none' }}>
        {whole ? state.blocks : state.blocks.slice(0, state.first)}
      </div>
    </Box>
  );
}
