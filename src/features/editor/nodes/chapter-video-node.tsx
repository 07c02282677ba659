import type { DOMExportOutput, LexicalNode, LexicalUpdateJSON, NodeKey, SerializedLexicalNode, Spread } from 'lexical';
import { $applyNodeReplacement } from 'lexical';
import { BlockDecoratorNode } from './block-decorator-node';
import { type JSX, useRef } from 'react';
import { CHAPTER_VIDEO_TYPE } from '../../../contract/rich-text';
import { ChapterVideoView } from './media-views';
import { useMediaSelection } from './use-media-selection';

export type SerializedChapterVideoNode = Spread<{ src: string }, SerializedLexicalNode>;

function ChapterVideo({ nodeKey, src }: { nodeKey: NodeKey; src: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { editable, isSelected } = useMediaSelection(nodeKey, ref);
  return <ChapterVideoView ref={ref} src={src} editable={editable} selected={isSelected} />;
}

/** An uploaded MP4 video, stored as `{type: 'chapter-video', src}`. */
export class ChapterVideoNode extends BlockDecoratorNode {
  __src: string;

  static override getType(): string {
    return CHAPTER_VIDEO_TYPE;
  }

  static override clone(node: ChapterVideoNode): ChapterVideoNode {
    return new ChapterVideoNode(node.__src, node.__key);
  }

  static override importJSON(serialized: SerializedChapterVideoNode): ChapterVideoNode {
    return $createChapterVideoNode(serialized.src).updateFromJSON(serialized);
  }

  constructor(src = '', key?: NodeKey) {
    super(key);
    this.__src = src;
  }

  override updateFromJSON(serialized: LexicalUpdateJSON<SerializedChapterVideoNode>): this {
    const node = super.updateFromJSON(serialized).getWritable();
    node.__src = serialized.src;
    return node;
  }

  override exportJSON(): SerializedChapterVideoNode {
    return { ...super.exportJSON(), src: this.__src };
  }

  override exportDOM(): DOMExportOutput {
    const video = document.createElement('video');
    video.setAttribute('src', this.__src);
    video.setAttribute('controls', '');
    return { element: video };
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  override decorate(): JSX.Element {
    return <ChapterVideo nodeKey={this.getKey()} src={this.__src} />;
  }
}

export function $createChapterVideoNode(src: string): ChapterVideoNode {
  return $applyNodeReplacement(new ChapterVideoNode(src));
}

export function $isChapterVideoNode(node: LexicalNode | null | undefined): node is ChapterVideoNode {
  return node instanceof ChapterVideoNode;
}
