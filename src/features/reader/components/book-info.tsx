import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SafeImage } from '../../../components/safe-image';
import type { ReaderBook } from '../types';

/** The cover's column: 96 px on a phone, 112 px from a tablet's width. */
const COVER_COLUMN_WIDTH = 112;

/** The left column's top: title, cover, author ('N/A' when missing) and description. */
export function BookInfo({ book }: { book: ReaderBook }) {
  const author = book.author?.trim() || 'N/A';
  const description = book.description?.trim() || 'No description.';
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '96px 1fr', md: `${COVER_COLUMN_WIDTH}px 1fr` }, gap: 2, alignItems: 'start' }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '1.75rem' }, lineHeight: 1.25 }}>
          {book.title}
        </Typography>
      </Box>
      <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
        {book.cover_image_url ? (
          // At most 112 px wide (the column above): a phone picks the smallest copy that fills it sharply.
          <SafeImage src={book.cover_image_url} alt={`Cover of ${book.title}`} width={COVER_COLUMN_WIDTH} height={144} eager fit="cover" />
        ) : (
          <Box role="img" aria-label={`No cover for ${book.title}`} sx={{ aspectRatio: '7 / 9', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#e3ecf0', color: 'primary.main' }}>
            <MenuBookOutlined aria-hidden sx={{ fontSize: 56 }} />
          </Box>
        )}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            Author:
          </Box>{' '}
          {author}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {description}
        </Typography>
      </Box>
    </Box>
  );
}
