import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { FORMAT_TEXT_COMMAND, type TextFormatType } from 'lexical';
import { ToolButton } from './tool-button';

/** Bold, Italic and Underline, pressed while the selection has the format. */
export function TextFormatButtons({ disabled, bold, italic, underline }: { disabled: boolean; bold: boolean; italic: boolean; underline: boolean }) {
  const [editor] = useLexicalComposerContext();
  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
  return (
    <>
      <ToolButton label="Bold" pressed={bold} disabled={disabled} onClick={() => format('bold')}>
        <FormatBold fontSize="small" />
      </ToolButton>
      <ToolButton label="Italic" pressed={italic} disabled={disabled} onClick={() => format('italic')}>
        <FormatItalic fontSize="small" />
      </ToolButton>
      <ToolButton label="Underline" pressed={underline} disabled={disabled} onClick={() => format('underline')}>
        <FormatUnderlined fontSize="small" />
      </ToolButton>
    </>
  );
}
