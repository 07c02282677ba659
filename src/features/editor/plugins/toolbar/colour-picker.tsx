import FormatColorReset from '@mui/icons-material/FormatColorReset';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import { TEXT_COLOURS } from '../../palette';

export interface ColourPickerProps {
  anchorEl: HTMLElement | null;
  current: string;
  onPick: (colour: string | null) => void;
  onClose: () => void;
}

/** The 35-colour palette as a grid of labelled swatches, plus 'Default colour'. */
export function ColourPicker({ anchorEl, current, onPick, onClose }: ColourPickerProps) {
  return (
    <Popover
      open={Boolean(anchorEl)}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      // The toolbar puts the focus back into the editor, with the author's selection.
      disableRestoreFocus
      slotProps={{ paper: { sx: { p: 1.5 } } }}
    >
      <Box role="group" aria-label="Text colours" sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 32px)', gridAutoFlow: 'row', gap: 0.75 }}>
        {TEXT_COLOURS.map((colour) => (
          <Box
            key={colour.value}
            component="button"
            type="button"
            aria-label={colour.name}
            aria-pressed={current.toLowerCase() === colour.value}
            title={colour.name}
            data-colour={colour.value}
            onClick={() => onPick(colour.value)}
            sx={{
              width: 32,
              height: 32,
              borderRadius: 1,
              cursor: 'pointer',
              bgcolor: colour.value,
              border: '1px solid #9aa9b2',
              outline: current.toLowerCase() === colour.value ? '3px solid #0b4f6c' : undefined,
              outlineOffset: 1,
            }}
          />
        ))}
      </Box>
      <Button size="small" startIcon={<FormatColorReset />} onClick={() => onPick(null)} sx={{ mt: 1 }}>
        Default colour
      </Button>
    </Popover>
  );
}
