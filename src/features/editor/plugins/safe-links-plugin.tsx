import { LinkNode } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { $unwrapNode } from '@lexical/utils';
import { useEffect } from 'react';
import { isSafeLinkUrl } from '../../../contract/urls';

/**
 * Links in the editor: the link commands accept only safe URLs (http(s), mailto:, same-site),
 * and a link that arrives any other way (pasted HTML) loses its URL and keeps its words —
 * the rule the server applies when it stores the chapter.
 */
export function SafeLinksPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerNodeTransform(LinkNode, (node) => {
        if (!isSafeLinkUrl(node.getURL())) $unwrapNode(node);
      }),
    [editor],
  );
  return <LinkPlugin validateUrl={isSafeLinkUrl} attributes={{ rel: 'noopener noreferrer' }} />;
}
