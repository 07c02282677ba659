import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { chapterContentSx } from '../content-styles';
import { toEditorDocument } from '../content/load-content';
import { renderChapterDocument } from './chapter-document';

const UNREADABLE = 'This chapter could not be displayed.';

/**
 * A chapter's content for reading. Lexical documents and legacy Quill Deltas both render, with
 * the editor's classes and media views (chapter-document.tsx), so the page shows exactly what
 * the author saw, but without loading the editor.
 */
export function ChapterView({ content, label }: { content: unknown; label?: string }) {
  const state = useMemo(() => {
    try {
      const document = toEditorDocument(content);
      if (!document || document.root.children.length === 0) return { blocks: null, failed: false };
      return { blocks: renderChapterDocument(document), failed: false };
    } catch (error) {
      console.error('Chapter content could not be read', error);
      return { blocks: null, failed: true };
    }
  }, [content]);
  if (state.failed) return <Alert severity="error">{UNREADABLE}</Alert>;
  if (!state.blocks) return <Typography sx={{ color: 'text.secondary' }}>This chapter has no content yet.</Typography>;
  return (
    <Box sx={chapterContentSx}>
      {/* Text to read, not a form field. */}
      <div role="document" aria-label={label} contentEditable={false} data-testid="chapter-content" style={{ outline: 'none' }}>
        {state.blocks}
      </div>
    </Box>
  );
}
