import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** A toolbar button with its label as tooltip and accessible name; `pressed` for toggles. */
export function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          aria-pressed={pressed}
          disabled={disabled}
          onClick={onClick}
          // Keep the editor's selection: the button must not take focus on mouse down.
          onMouseDown={(event) => event.preventDefault()}
          size="small"
          sx={{ borderRadius: 1, ...(pressed ? { bgcolor: 'action.selected' } : null) }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
