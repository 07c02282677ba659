import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getSelection, $isElementNode, $isRangeSelection, $isTextNode, $setSelection, type BaseSelection } from 'lexical';
import { useCallback, useRef } from 'react';

/** True while every node the selection points at still exists with room for its offsets. */
function $isSelectionAlive(selection: BaseSelection): boolean {
  try {
    if ($isRangeSelection(selection)) {
      return [selection.anchor, selection.focus].every((point) => {
        const node = point.getNode();
        return node.isAttached() && point.offset <= ($isTextNode(node) ? node.getTextContentSize() : $isElementNode(node) ? node.getChildrenSize() : 0);
      });
    }
    return selection.getNodes().every((node) => node.isAttached());
  } catch {
    return false;
  }
}

/**
 * The author's selection kept while a dialog, a colour popover or a file picker has the focus.
 * `save()` remembers it; `restoreAnd(selection, action)` runs `action` in an update with that
 * selection back. If the text changed meanwhile (typing during an upload) and the selection
 * points at nodes that are gone, the editor's current selection is used instead.
 */
export function useSavedSelection() {
  const [editor] = useLexicalComposerContext();
  const saved = useRef<BaseSelection | null>(null);

  const save = useCallback(() => {
    saved.current = editor.read(() => $getSelection()?.clone() ?? null);
    return saved.current;
  }, [editor]);

  /** The saved selection, forgotten here (an upload keeps its own copy). */
  const take = useCallback(() => {
    const selection = saved.current;
    saved.current = null;
    return selection;
  }, []);

  const restoreAnd = useCallback(
    (selection: BaseSelection | null, action: () => void) => {
      editor.update(() => {
        if (selection && $isSelectionAlive(selection)) $setSelection(selection.clone());
        action();
      });
      editor.focus();
    },
    [editor],
  );

  return { save, take, saved, restoreAnd };
}
