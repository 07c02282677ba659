import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { useMemo } from 'react';
import { chapterContentSx } from '../content-styles';
import { initialEditorState } from '../content/load-content';
import { chapterEditorConfig } from '../editor-config';
import { LinkGuardPlugin } from '../plugins/link-guard-plugin';
import { ComposerBoundary } from './error-boundary';

const UNREADABLE = 'This chapter could not be displayed.';

function ReadOnlyComposer({ editorState, label }: { editorState: string; label?: string }) {
  const initialConfig = useMemo(() => ({ ...chapterEditorConfig, editable: false, editorState }), [editorState]);
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <Box sx={chapterContentSx}>
        <RichTextPlugin
          // Text to read, not a form field: Lexical's default role is 'textbox'. A read-only root
          // also gets aria-readonly and aria-autocomplete from Lexical, which only a textbox
          // takes (axe aria-allowed-attr); the hyphenated props given here override them.
          contentEditable={
            <ContentEditable
              role="document"
              aria-label={label}
              aria-readonly={undefined}
              aria-autocomplete={undefined}
              data-testid="chapter-content"
              style={{ outline: 'none' }}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </Box>
      <LinkGuardPlugin />
    </LexicalComposer>
  );
}

/**
 * A chapter's content for reading: the editor's own composer, read-only, so the page shows
 * exactly what the author saw. Lexical documents and legacy Quill Deltas both render.
 * Give it a `key` that changes with the content: the composer reads its state once.
 */
export function ChapterView({ content, label }: { content: unknown; label?: string }) {
  const state = useMemo(() => {
    try {
      return { editorState: initialEditorState(content), failed: false };
    } catch (error) {
      console.error('Chapter content could not be read', error);
      return { editorState: undefined, failed: true };
    }
  }, [content]);
  if (state.failed) return <Alert severity="error">{UNREADABLE}</Alert>;
  if (!state.editorState) return <Typography sx={{ color: 'text.secondary' }}>This chapter has no content yet.</Typography>;
  return (
    <ComposerBoundary fallback={<Alert severity="error">{UNREADABLE}</Alert>}>
      <ReadOnlyComposer editorState={state.editorState} label={label} />
    </ComposerBoundary>
  );
}
