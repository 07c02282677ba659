import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { BlockType } from './toolbar-state';
import { ToolButton } from './tool-button';

/** Bulleted and numbered lists: a pressed button turns the list back into paragraphs. */
export function ListButtons({ disabled, blockType }: { disabled: boolean; blockType: BlockType }) {
  const [editor] = useLexicalComposerContext();
  const toggleList = (type: 'bullet' | 'number') => {
    if (blockType === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  };
  return (
    <>
      <ToolButton label="Bulleted list" pressed={blockType === 'bullet'} disabled={disabled} onClick={() => toggleList('bullet')}>
        <FormatListBulleted fontSize="small" />
      </ToolButton>
      <ToolButton label="Numbered list" pressed={blockType === 'number'} disabled={disabled} onClick={() => toggleList('number')}>
        <FormatListNumbered fontSize="small" />
      </ToolButton>
    </>
  );
}
