import Box from '@mui/material/Box';

/** The app bar's search field from 600 px, and the height of the field and of the phone's button. */
export const APP_BAR_SEARCH_SIZE = { width: { sm: 200, md: 240 }, height: 36 } as const;

/** The phone's Search button: its icon (22 px) with 4 px each side. */
const PHONE_BUTTON_WIDTH = 30;

/**
 * The place of the app bar's search while its code loads, of its size (the button on a phone, the
 * field from 600 px): nothing beside it in the bar moves when it comes.
 */
export function AppBarSearchPlace() {
  return (
    <Box
      aria-hidden
      sx={{ width: { xs: PHONE_BUTTON_WIDTH, ...APP_BAR_SEARCH_SIZE.width }, height: APP_BAR_SEARCH_SIZE.height, flexShrink: { xs: 0, sm: 1 } }}
    />
  );
}
