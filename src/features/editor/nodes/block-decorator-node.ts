import { DecoratorNode } from 'lexical';
import type { JSX } from 'react';

/**
 * A decorator node that stands as a block of its own (chapter image, video, embed): a plain
 * `div` that React fills through `decorate()`, never patched in place.
 */
export abstract class BlockDecoratorNode extends DecoratorNode<JSX.Element> {
  override createDOM(): HTMLElement {
    return document.createElement('div');
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): false {
    return false;
  }
}
