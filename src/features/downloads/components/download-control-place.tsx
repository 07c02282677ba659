import Box from '@mui/material/Box';

/**
 * The place of a book's download control while its code or the device's copy loads: the height
 * of its usual first form, a 'Download for offline' button (small on a card, 44 px in the
 * reader), so nothing moves when it comes. Apart from the control, whose module brings Dexie, so
 * a list can show it before that loads.
 */
export function DownloadControlPlace({ size = 'small' }: { size?: 'small' | 'medium' }) {
  return <Box sx={{ minHeight: size === 'small' ? 31 : 44 }} />;
}
