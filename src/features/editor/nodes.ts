import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import type { Klass, LexicalNode } from 'lexical';
import { ChapterImageNode } from './nodes/chapter-image-node';
import { ChapterVideoNode } from './nodes/chapter-video-node';
import { VideoEmbedNode } from './nodes/video-embed-node';

/** Every node a chapter may contain: the editor registers exactly these, and the reader renders the same set. */
export const chapterNodes: readonly Klass<LexicalNode>[] = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  LinkNode,
  ChapterImageNode,
  ChapterVideoNode,
  VideoEmbedNode,
];
