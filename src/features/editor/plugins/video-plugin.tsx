import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import { COMMAND_PRIORITY_EDITOR } from 'lexical';
import { useEffect } from 'react';
import { isEmbedUrl, isSafeMediaUrl } from '../../../contract/urls';
import { $createChapterVideoNode } from '../nodes/chapter-video-node';
import { $createVideoEmbedNode } from '../nodes/video-embed-node';
import { INSERT_VIDEO_COMMAND, INSERT_VIDEO_EMBED_COMMAND } from './commands';

/** Handles INSERT_VIDEO_COMMAND (uploaded MP4) and INSERT_VIDEO_EMBED_COMMAND (YouTube, Vimeo). */
export function VideoPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          INSERT_VIDEO_COMMAND,
          (src) => {
            if (!isSafeMediaUrl(src)) return false;
            $insertNodeToNearestRoot($createChapterVideoNode(src));
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(
          INSERT_VIDEO_EMBED_COMMAND,
          (url) => {
            if (!isEmbedUrl(url)) return false;
            $insertNodeToNearestRoot($createVideoEmbedNode(url));
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
      ),
    [editor],
  );
  return null;
}
