import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { REDO_COMMAND, UNDO_COMMAND } from 'lexical';
import { ToolButton } from './tool-button';

/** Undo and Redo, enabled while the history has a step to take. */
export function HistoryButtons({ disabled, canUndo, canRedo }: { disabled: boolean; canUndo: boolean; canRedo: boolean }) {
  const [editor] = useLexicalComposerContext();
  return (
    <>
      <ToolButton label="Undo" disabled={disabled || !canUndo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
        <Undo fontSize="small" />
      </ToolButton>
      <ToolButton label="Redo" disabled={disabled || !canRedo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
        <Redo fontSize="small" />
      </ToolButton>
    </>
  );
}
