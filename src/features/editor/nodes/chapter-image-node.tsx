import type { DOMConversionMap, DOMConversionOutput, DOMExportOutput, LexicalNode, LexicalUpdateJSON, NodeKey, SerializedLexicalNode, Spread } from 'lexical';
import { $applyNodeReplacement } from 'lexical';
import { BlockDecoratorNode } from './block-decorator-node';
import { type JSX, useRef } from 'react';
import { CHAPTER_IMAGE_TYPE } from '../../../contract/rich-text';
import { isSafeMediaUrl } from '../../../contract/urls';
import { ChapterImageView } from './media-views';
import { useMediaSelection } from './use-media-selection';

export interface ChapterImagePayload {
  src: string;
  altText: string;
  /** Intrinsic size in pixels; 0 when unknown. */
  width: number;
  height: number;
  caption?: string;
}

export type SerializedChapterImageNode = Spread<{ src: string; altText: string; width: number; height: number; caption: string }, SerializedLexicalNode>;

function ChapterImage({ nodeKey, ...image }: Required<ChapterImagePayload> & { nodeKey: NodeKey }) {
  const ref = useRef<HTMLElement>(null);
  const { editable, isSelected } = useMediaSelection(nodeKey, ref);
  return <ChapterImageView ref={ref} {...image} editable={editable} selected={isSelected} />;
}

function convertImageElement(domNode: HTMLElement): DOMConversionOutput | null {
  if (!(domNode instanceof HTMLImageElement)) return null;
  const src = domNode.getAttribute('src') ?? '';
  if (!isSafeMediaUrl(src)) return { node: null };
  return {
    node: $createChapterImageNode({ src, altText: domNode.alt, width: domNode.width || 0, height: domNode.height || 0 }),
  };
}

/** A block image in a chapter, stored as `{type: 'chapter-image', src, altText, width, height, caption}`. */
export class ChapterImageNode extends BlockDecoratorNode {
  __src: string;
  __altText: string;
  __width: number;
  __height: number;
  __caption: string;

  static override getType(): string {
    return CHAPTER_IMAGE_TYPE;
  }

  static override clone(node: ChapterImageNode): ChapterImageNode {
    return new ChapterImageNode(node.__src, node.__altText, node.__width, node.__height, node.__caption, node.__key);
  }

  static override importJSON(serialized: SerializedChapterImageNode): ChapterImageNode {
    return $createChapterImageNode(serialized).updateFromJSON(serialized);
  }

  static override importDOM(): DOMConversionMap | null {
    return { img: () => ({ conversion: convertImageElement, priority: 0 }) };
  }

  constructor(src = '', altText = '', width = 0, height = 0, caption = '', key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__altText = altText;
    this.__width = width;
    this.__height = height;
    this.__caption = caption;
  }

  override updateFromJSON(serialized: LexicalUpdateJSON<SerializedChapterImageNode>): this {
    const node = super.updateFromJSON(serialized).getWritable();
    node.__src = serialized.src;
    node.__altText = serialized.altText ?? '';
    node.__width = Number(serialized.width) || 0;
    node.__height = Number(serialized.height) || 0;
    node.__caption = serialized.caption ?? '';
    return node;
  }

  override exportJSON(): SerializedChapterImageNode {
    return {
      ...super.exportJSON(),
      src: this.__src,
      altText: this.__altText,
      width: this.__width,
      height: this.__height,
      caption: this.__caption,
    };
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    img.setAttribute('src', this.__src);
    img.setAttribute('alt', this.__altText);
    if (this.__width) img.setAttribute('width', String(this.__width));
    if (this.__height) img.setAttribute('height', String(this.__height));
    return { element: img };
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  getAltText(): string {
    return this.getLatest().__altText;
  }

  override decorate(): JSX.Element {
    return (
      <ChapterImage nodeKey={this.getKey()} src={this.__src} altText={this.__altText} width={this.__width} height={this.__height} caption={this.__caption} />
    );
  }
}

export function $createChapterImageNode({ src, altText, width, height, caption = '' }: ChapterImagePayload): ChapterImageNode {
  return $applyNodeReplacement(new ChapterImageNode(src, altText, width, height, caption));
}

export function $isChapterImageNode(node: LexicalNode | null | undefined): node is ChapterImageNode {
  return node instanceof ChapterImageNode;
}
