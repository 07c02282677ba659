import { LinkNode } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect } from 'react';
import { isSafeLinkUrl } from '../../../contract/urls';

/**
 * The last line of defence for links on screen: every link element the editor's composer renders
 * keeps its href only if it passes the shared rule (http(s), mailto:, same-site), as the reader's
 * links do (components/chapter-document.tsx). Content is already sanitised before it is loaded,
 * and Lexical itself blanks scripts; this also covers what Lexical allows and we do not (tel:, sms:).
 */
export function LinkGuardPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerMutationListener(LinkNode, (mutations) => {
        for (const [key, mutation] of mutations) {
          if (mutation === 'destroyed') continue;
          const anchor = editor.getElementByKey(key);
          const href = anchor?.getAttribute('href');
          if (anchor && href !== null && href !== undefined && !isSafeLinkUrl(href)) {
            anchor.removeAttribute('href');
            anchor.removeAttribute('target');
          }
        }
      }),
    [editor],
  );
  return null;
}
