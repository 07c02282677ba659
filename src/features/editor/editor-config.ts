import type { InitialConfigType } from '@lexical/react/LexicalComposer';
import { chapterNodes } from './nodes';
import { chapterTheme } from './theme';

/**
 * The one editor configuration, shared by the chapter editor and the read-only reader.
 * Errors are rethrown: a chapter that cannot be parsed shows the reader's error state instead
 * of a silently empty page.
 */
export const chapterEditorConfig: InitialConfigType = {
  namespace: 'chapter',
  nodes: chapterNodes,
  theme: chapterTheme,
  onError: (error) => {
    throw error;
  },
};
