import TextField from '@mui/material/TextField';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $createParagraphNode, $getSelection } from 'lexical';
import { type BlockType, HEADINGS } from './toolbar-state';

const BLOCK_LABELS: Record<string, string> = {
  paragraph: 'Normal text',
  ...Object.fromEntries(HEADINGS.map((tag) => [tag, `Heading ${tag.slice(1)}`])),
  quote: 'Quote',
};

/** The block type of the selected paragraphs: normal text, headings 1 to 6 (SPEC §2) or a quote. */
export function BlockTypeSelect({ disabled, blockType }: { disabled: boolean; blockType: BlockType }) {
  const [editor] = useLexicalComposerContext();
  const value = blockType in BLOCK_LABELS ? blockType : 'paragraph';

  const setBlockType = (next: string) => {
    editor.update(() => {
      const selection = $getSelection();
      if (!selection) return;
      if (next === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
      else if (next === 'quote') $setBlocksType(selection, () => $createQuoteNode());
      else if ((HEADINGS as readonly string[]).includes(next)) $setBlocksType(selection, () => $createHeadingNode(next as HeadingTagType));
    });
  };

  return (
    <TextField
      select
      size="small"
      label="Block type"
      value={value}
      disabled={disabled}
      onChange={(event) => setBlockType(event.target.value)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 150 }}
    >
      {Object.entries(BLOCK_LABELS).map(([option, label]) => (
        <option key={option} value={option}>
          {label}
        </option>
      ))}
    </TextField>
  );
}
