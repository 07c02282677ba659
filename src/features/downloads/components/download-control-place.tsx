import Box from '@mui/material/Box';

/**
 * The place of a book's download control while its code or the device's copy loads: the height
 * of its usual first form, a small 'Download for offline' button, so nothing moves when it comes.
 * Apart from the control, whose module brings Dexie, so a list can show it before that loads.
 */
export function DownloadControlPlace() {
  return <Box sx={{ minHeight: 31 }} />;
}
