import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { type Ref, useImperativeHandle, useRef } from 'react';

/** What the chapter form reads from the editor when it saves. */
export interface ChapterEditorHandle {
  /** The document to store: `editorState.toJSON()`. */
  getContent(): unknown;
  /** False while the document is still exactly what was loaded. */
  hasChanges(): boolean;
  /** True while an image or video is uploading (saving now would lose it). */
  isUploading(): boolean;
}

/**
 * Exposes the editor's content through a ref instead of serialising it on every keystroke:
 * the form asks once, on save. The baseline is the loaded document as the editor writes it,
 * so a legacy Delta chapter saved without edits is left as it was.
 */
export function ContentHandlePlugin({ handleRef, isUploading }: { handleRef?: Ref<ChapterEditorHandle>; isUploading: () => boolean }) {
  const [editor] = useLexicalComposerContext();
  const baseline = useRef<string | null>(null);
  if (baseline.current === null) baseline.current = JSON.stringify(editor.getEditorState().toJSON());
  useImperativeHandle(
    handleRef,
    () => ({
      getContent: () => editor.getEditorState().toJSON(),
      hasChanges: () => JSON.stringify(editor.getEditorState().toJSON()) !== baseline.current,
      isUploading,
    }),
    [editor, isUploading],
  );
  return null;
}
