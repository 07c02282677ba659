import FormatColorText from '@mui/icons-material/FormatColorText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $patchStyleText } from '@lexical/selection';
import { $getSelection } from 'lexical';
import { useState } from 'react';
import { ColourPicker } from './colour-picker';
import { useSavedSelection } from './saved-selection';

/** Text colour: the button shows the selection's colour and opens the 35-colour palette (SPEC §2). */
export function ColourButton({ disabled, colour }: { disabled: boolean; colour: string }) {
  const [editor] = useLexicalComposerContext();
  const { save, saved, restoreAnd } = useSavedSelection();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const pickColour = (next: string | null) => {
    setAnchor(null);
    restoreAnd(saved.current, () => {
      const selection = $getSelection();
      if (selection) $patchStyleText(selection, { color: next });
    });
  };

  return (
    <>
      <Tooltip title="Text colour">
        <span>
          <IconButton
            aria-label="Text colour"
            aria-haspopup="true"
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={(event) => {
              save();
              setAnchor(event.currentTarget);
            }}
            size="small"
            sx={{ borderRadius: 1 }}
          >
            <FormatColorText fontSize="small" sx={{ color: colour || undefined }} />
          </IconButton>
        </span>
      </Tooltip>
      <ColourPicker
        anchorEl={anchor}
        current={colour}
        onPick={pickColour}
        onClose={() => {
          setAnchor(null);
          editor.focus();
        }}
      />
    </>
  );
}
