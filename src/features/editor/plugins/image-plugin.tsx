import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import { COMMAND_PRIORITY_EDITOR } from 'lexical';
import { useEffect } from 'react';
import { isSafeMediaUrl } from '../../../contract/urls';
import { $createChapterImageNode } from '../nodes/chapter-image-node';
import { INSERT_IMAGE_COMMAND } from './commands';

/** Handles INSERT_IMAGE_COMMAND: the image becomes a block of its own at the selection. */
export function ImagePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          INSERT_IMAGE_COMMAND,
          (payload) => {
            if (!isSafeMediaUrl(payload.src)) return false;
            $insertNodeToNearestRoot($createChapterImageNode(payload));
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor],
  );
  return null;
}
