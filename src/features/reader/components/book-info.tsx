import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { styled } from '@mui/material/styles';
import { SafeImage } from '../../../components/safe-image';
import type { ReaderBook } from '../types';

/** The cover's column: 96 px on a phone, 112 px from a tablet's width. */
const COVER_COLUMN_WIDTH = 112;

/**
 * Plain elements under one styled root, with the rules MUI's Box and Typography gave them (the
 * theme's h1 and body2): the reader renders it first, on every book.
 */
const InfoRoot = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '96px 1fr',
  gap: theme.spacing(2),
  alignItems: 'start',
  [theme.breakpoints.up('md')]: { gridTemplateColumns: `${COVER_COLUMN_WIDTH}px 1fr` },
  '.book-info-heading': { gridColumn: '1 / -1' },
  '.book-info-title': {
    ...theme.typography.h1,
    margin: 0,
    fontSize: '1.6rem',
    lineHeight: 1.25,
    [theme.breakpoints.up('md')]: { fontSize: '1.75rem' },
  },
  '.book-info-cover': { borderRadius: theme.shape.borderRadius, overflow: 'hidden' },
  '.book-info-no-cover': {
    aspectRatio: '7 / 9',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: '#e3ecf0',
    color: theme.palette.primary.main,
  },
  '.book-info-text': { ...theme.typography.body2, margin: 0 },
  '.book-info-author': { marginBottom: theme.spacing(1) },
  '.book-info-label': { fontWeight: 700 },
  '.book-info-description': { color: theme.palette.text.secondary, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
}));

/** The left column's top: title, cover, author ('N/A' when missing) and description. */
export function BookInfo({ book }: { book: ReaderBook }) {
  const author = book.author?.trim() || 'N/A';
  const description = book.description?.trim() || 'No description.';
  return (
    <InfoRoot>
      <div className="book-info-heading">
        <h1 className="book-info-title">{book.title}</h1>
      </div>
      <div className="book-info-cover">
        {book.cover_image_url ? (
          // At most 112 px wide (the column above): a phone picks the smallest copy that fills it sharply.
          <SafeImage src={book.cover_image_url} alt={`Cover of ${book.title}`} width={COVER_COLUMN_WIDTH} height={144} eager fit="cover" />
        ) : (
          <div className="book-info-no-cover" role="img" aria-label={`No cover for ${book.title}`}>
            <MenuBookOutlined aria-hidden sx={{ fontSize: 56 }} />
          </div>
        )}
      </div>
      <div>
        <p className="book-info-text book-info-author">
          <span className="book-info-label">Author:</span> {author}
        </p>
        <p className="book-info-text book-info-description">{description}</p>
      </div>
    </InfoRoot>
  );
}
