import { $isLinkNode } from '@lexical/link';
import { $isListNode, ListNode } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $isHeadingNode, type HeadingTagType } from '@lexical/rich-text';
import { $getSelectionStyleValueForProperty } from '@lexical/selection';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  SELECTION_CHANGE_COMMAND,
} from 'lexical';
import { useCallback, useEffect, useState } from 'react';

export const HEADINGS: readonly HeadingTagType[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
export type BlockType = 'paragraph' | 'quote' | 'bullet' | 'number' | 'check' | HeadingTagType;

/** What the toolbar shows of the selection: its block, formats, link and colour, and the history. */
export interface ToolbarState {
  blockType: BlockType;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  link: boolean;
  colour: string;
  canUndo: boolean;
  canRedo: boolean;
}

const initialState: ToolbarState = {
  blockType: 'paragraph',
  bold: false,
  italic: false,
  underline: false,
  link: false,
  colour: '',
  canUndo: false,
  canRedo: false,
};

/** The toolbar's view of the selection, kept current by one mergeRegister subscription. */
export function useToolbarState(): ToolbarState {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(initialState);

  const $readToolbar = useCallback(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const anchorNode = selection.anchor.getNode();
    const element =
      anchorNode.getKey() === 'root'
        ? anchorNode
        : ($findMatchingParent(anchorNode, (node) => {
            const parent = node.getParent();
            return parent !== null && $isRootOrShadowRoot(parent);
          }) ?? anchorNode.getTopLevelElementOrThrow());
    let blockType: BlockType = 'paragraph';
    if ($isListNode(element)) {
      const list = $getNearestNodeOfType(anchorNode, ListNode);
      blockType = (list ?? element).getListType();
    } else if ($isHeadingNode(element)) {
      blockType = element.getTag();
    } else if (element.getType() === 'quote') {
      blockType = 'quote';
    }
    const node = selection.focus.getNode();
    const link = $isLinkNode(node) || $isLinkNode(node.getParent());
    // Read everything now: the state updater runs later, outside this read.
    const next = {
      blockType,
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
      link,
      colour: $getSelectionStyleValueForProperty(selection, 'color', ''),
    };
    setState((previous) => ({ ...previous, ...next }));
  }, []);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => editorState.read($readToolbar, { editor })),
        editor.registerCommand(
          SELECTION_CHANGE_COMMAND,
          () => {
            $readToolbar();
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (canUndo) => {
            setState((previous) => ({ ...previous, canUndo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (canRedo) => {
            setState((previous) => ({ ...previous, canRedo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, $readToolbar],
  );

  return state;
}
