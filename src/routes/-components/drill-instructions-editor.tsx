import { lazy, Suspense } from 'react';
import { uploadImage, uploadVideo } from '../../features/books/api/upload-media';
import type { RenderInstructionsEditor } from '../../features/practice/admin/types';

// The chapter editor (Lexical, its toolbar, nodes and dialogs) loads only when a drill form is opened.
const ChapterEditor = lazy(() => import('../../features/editor/components/chapter-editor').then((m) => ({ default: m.ChapterEditor })));

/** A drill's instructions are written in the chapter editor: rich text stored as a chapter's content. */
export const renderInstructionsEditor: RenderInstructionsEditor = ({ initialContent, handleRef, labelledBy }) => (
  <Suspense fallback={<div style={{ minHeight: 360 }}>Loading the editor...</div>}>
    <ChapterEditor ref={handleRef} initialContent={initialContent} uploadImage={uploadImage} uploadVideo={uploadVideo} labelledBy={labelledBy} />
  </Suspense>
);
