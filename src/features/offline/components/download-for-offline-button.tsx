import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import Button from '@mui/material/Button';

/**
 * 'Download for offline', the control a book shows until it is downloaded (on the books list's
 * cards, `compact`, and in the reader). Its own module, with MUI only, so that the app shell's
 * build renders it for its styles (src/entry-prerender.tsx) without the downloads' database code.
 */
export function DownloadForOfflineButton({ bookTitle, compact = false, onOpen, onPreload }: { bookTitle: string; compact?: boolean; onOpen: () => void; onPreload: () => void }) {
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<CloudDownloadOutlined />}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      onClick={onOpen}
      aria-label={compact ? `Download for offline: ${bookTitle}` : undefined}
    >
      Download for offline
    </Button>
  );
}
