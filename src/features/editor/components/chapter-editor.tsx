import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { type Ref, useCallback, useMemo, useRef, useState } from 'react';
import { chapterContentSx } from '../content-styles';
import { initialEditorState } from '../content/load-content';
import { chapterEditorConfig } from '../editor-config';
import { type ChapterEditorHandle, ContentHandlePlugin } from '../plugins/content-handle-plugin';
import { ImagePlugin } from '../plugins/image-plugin';
import { LinkGuardPlugin } from '../plugins/link-guard-plugin';
import { SafeLinksPlugin } from '../plugins/safe-links-plugin';
import { type MediaUploader, ToolbarPlugin } from '../plugins/toolbar/toolbar-plugin';
import { VideoPlugin } from '../plugins/video-plugin';
import { ComposerBoundary } from './error-boundary';

export type { ChapterEditorHandle } from '../plugins/content-handle-plugin';
export type { MediaUploader } from '../plugins/toolbar/toolbar-plugin';

/** SPEC §2: the editor's placeholder. */
export const EDITOR_PLACEHOLDER = 'Start writing your amazing chapter...';
const EDITOR_FAILED = 'The editor stopped because of an error. Close this window and open the chapter again; changes since the last save may be lost.';

/** SPEC §9: the editing area is at least 300 px high. */
export const EDITOR_MIN_HEIGHT = 300;

export interface ChapterEditorProps {
  /** The chapter's stored content_delta (Lexical state, legacy Delta, or null for a new chapter). */
  initialContent: unknown;
  uploadImage: MediaUploader;
  uploadVideo: MediaUploader;
  /** The form reads the content through this handle when it saves. */
  ref?: Ref<ChapterEditorHandle>;
  /** Id of the element labelling the editing area ('Content'). */
  labelledBy?: string;
}

/** The composer reads its initial state once, so the first content given is the one used. */
function useInitialState(content: unknown): { editorState: string | undefined; unreadable: boolean } {
  const [initial] = useState(() => {
    try {
      return { editorState: initialEditorState(content), unreadable: false };
    } catch {
      return { editorState: undefined, unreadable: true };
    }
  });
  return initial;
}

/** The chapter editor: Lexical rich text with our toolbar, media and safe links. Stores `editorState.toJSON()`. */
export function ChapterEditor({ initialContent, uploadImage, uploadVideo, ref, labelledBy }: ChapterEditorProps) {
  const { editorState, unreadable } = useInitialState(initialContent);
  const initialConfig = useMemo(() => ({ ...chapterEditorConfig, editable: true, editorState }), [editorState]);
  const uploading = useRef(false);
  const isUploading = useCallback(() => uploading.current, []);
  const onUploadingChange = useCallback((value: boolean) => {
    uploading.current = value;
  }, []);

  return (
    <ComposerBoundary fallback={<Alert severity="error">{EDITOR_FAILED}</Alert>}>
      <LexicalComposer initialConfig={initialConfig}>
        {unreadable && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            The stored content of this chapter could not be read. What you write here replaces it.
          </Alert>
        )}
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', '&:focus-within': { borderColor: 'primary.main' } }}>
          <ToolbarPlugin uploadImage={uploadImage} uploadVideo={uploadVideo} onUploadingChange={onUploadingChange} />
          <Box sx={{ ...chapterContentSx, maxWidth: 'none', position: 'relative' }}>
            <RichTextPlugin
              contentEditable={
                <ContentEditable
                  aria-labelledby={labelledBy}
                  aria-multiline
                  aria-placeholder={EDITOR_PLACEHOLDER}
                  data-testid="chapter-editor"
                  placeholder={
                    <Box aria-hidden sx={{ position: 'absolute', top: 16, left: 16, color: 'text.secondary', pointerEvents: 'none', userSelect: 'none' }}>
                      {EDITOR_PLACEHOLDER}
                    </Box>
                  }
                  style={{ minHeight: EDITOR_MIN_HEIGHT, padding: 16, outline: 'none' }}
                />
              }
              ErrorBoundary={LexicalErrorBoundary}
            />
          </Box>
        </Box>
        <HistoryPlugin />
        <ListPlugin />
        <SafeLinksPlugin />
        <LinkGuardPlugin />
        <ImagePlugin />
        <VideoPlugin />
        <ContentHandlePlugin handleRef={ref} isUploading={isUploading} />
      </LexicalComposer>
    </ComposerBoundary>
  );
}
