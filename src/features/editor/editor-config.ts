import type { InitialConfigType } from '@lexical/react/LexicalComposer';
import { chapterNodes } from './nodes';
import { chapterTheme } from './theme';

/**
 * The chapter editor's configuration (the reader renders stored chapters without Lexical, with
 * the same theme: components/chapter-document.tsx). Errors are rethrown: a chapter that cannot
 * be parsed shows an error state instead of a silently empty editor.
 */
export const chapterEditorConfig: InitialConfigType = {
  namespace: 'chapter',
  nodes: chapterNodes,
  theme: chapterTheme,
  onError: (error) => {
    throw error;
  },
};
