import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import { SafeImage } from '../../../components/safe-image';

/** SPEC §9: covers on the cards are 200 px high. */
export const CARD_COVER_HEIGHT = 200;

/** A book's cover, fitted whole (object-fit: contain), or a placeholder icon when it has none (or it cannot be loaded). */
export function BookCover({ url, title, height = CARD_COVER_HEIGHT, eager = false }: { url: string; title: string; height?: number; eager?: boolean }) {
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
      width={300}
      height={height}
      eager={eager}
      fit="contain"
      sx={{ height, aspectRatio: 'auto', bgcolor: '#eef1f3' }}
    />
  );
}
