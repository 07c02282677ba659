import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import { preloadSafeImage, SafeImage } from '../../../components/safe-image';
import { BOOK_COVER_WIDTH } from '../../../contract/image-variants';

/** SPEC §9: covers on the cards are 200 px high. */
export const CARD_COVER_HEIGHT = 200;

/**
 * Starts fetching a cover before its card renders (the books list's loader, for the first
 * card: the largest image on a phone's first screen). The same file the card's image picks.
 */
export function preloadCover(url: string): void {
  if (url) preloadSafeImage(url, BOOK_COVER_WIDTH);
}

/** A book's cover, fitted whole (object-fit: contain), or a placeholder icon when it has none (or it cannot be loaded). */
export function BookCover({
  url,
  title,
  height = CARD_COVER_HEIGHT,
  eager = false,
  fetchPriority,
}: {
  url: string;
  title: string;
  height?: number;
  eager?: boolean;
  /** 'high' for the first card's cover (the one the list's loader preloads). */
  fetchPriority?: 'high';
}) {
  if (!url) {
    return (
      <Box
        role="img"
        aria-label={`No cover for ${title}`}
        data-testid="cover-placeholder"
        sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#e3ecf0', color: 'primary.main' }}
      >
        <MenuBookOutlined aria-hidden sx={{ fontSize: 72 }} />
      </Box>
    );
  }
  // The whole cover is shown (a cover's title is part of its picture): fitted, not cropped, on a neutral background.
  return (
    <SafeImage
      src={url}
      alt={`Cover of ${title}`}
      width={BOOK_COVER_WIDTH}
      height={height}
      eager={eager}
      fetchPriority={fetchPriority}
      fit="contain"
      sx={{ height, aspectRatio: 'auto', bgcolor: '#eef1f3' }}
    />
  );
}
