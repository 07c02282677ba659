import type { DOMExportOutput, LexicalNode, LexicalUpdateJSON, NodeKey, SerializedLexicalNode, Spread } from 'lexical';
import { $applyNodeReplacement } from 'lexical';
import { BlockDecoratorNode } from './block-decorator-node';
import { type JSX, useRef } from 'react';
import { VIDEO_EMBED_TYPE } from '../../../contract/rich-text';
import { VideoEmbedView } from './media-views';
import { useMediaSelection } from './use-media-selection';

export type SerializedVideoEmbedNode = Spread<{ url: string }, SerializedLexicalNode>;

function VideoEmbed({ nodeKey, url }: { nodeKey: NodeKey; url: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { editable, isSelected } = useMediaSelection(nodeKey, ref);
  return <VideoEmbedView ref={ref} url={url} editable={editable} selected={isSelected} />;
}

/** A YouTube or Vimeo player, stored as `{type: 'video-embed', url}` with the embed address. */
export class VideoEmbedNode extends BlockDecoratorNode {
  __url: string;

  static override getType(): string {
    return VIDEO_EMBED_TYPE;
  }

  static override clone(node: VideoEmbedNode): VideoEmbedNode {
    return new VideoEmbedNode(node.__url, node.__key);
  }

  static override importJSON(serialized: SerializedVideoEmbedNode): VideoEmbedNode {
    return $createVideoEmbedNode(serialized.url).updateFromJSON(serialized);
  }

  constructor(url = '', key?: NodeKey) {
    super(key);
    this.__url = url;
  }

  override updateFromJSON(serialized: LexicalUpdateJSON<SerializedVideoEmbedNode>): this {
    const node = super.updateFromJSON(serialized).getWritable();
    node.__url = serialized.url;
    return node;
  }

  override exportJSON(): SerializedVideoEmbedNode {
    return { ...super.exportJSON(), url: this.__url };
  }

  override exportDOM(): DOMExportOutput {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('src', this.__url);
    iframe.setAttribute('allowfullscreen', 'true');
    return { element: iframe };
  }

  getUrl(): string {
    return this.getLatest().__url;
  }

  override decorate(): JSX.Element {
    return <VideoEmbed nodeKey={this.getKey()} url={this.__url} />;
  }
}

export function $createVideoEmbedNode(url: string): VideoEmbedNode {
  return $applyNodeReplacement(new VideoEmbedNode(url));
}

export function $isVideoEmbedNode(node: LexicalNode | null | undefined): node is VideoEmbedNode {
  return node instanceof VideoEmbedNode;
}
