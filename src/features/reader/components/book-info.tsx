import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { styled } from '@mui/material/styles';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { SafeImage } from '../../../components/safe-image';
import type { ReaderBook } from '../types';

/** The cover's column: 72 px on a phone, 88 px from a tablet's width. */
const COVER_COLUMN_WIDTH = 88;

/** Lines of the description shown before 'More': the Table of Contents stays within the first screen of a laptop. */
export const DESCRIPTION_LINES = 4;

/**
 * Plain elements under one styled root, with the rules MUI's Box and Typography gave them (the
 * theme's h1 and body2): the reader renders it first, on every book. Words wrap only between
 * words (a word longer than the column breaks only then), never mid-word to fit a narrow column.
 */
const InfoRoot = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: '72px 1fr',
  columnGap: theme.spacing(2),
  rowGap: theme.spacing(1.5),
  alignItems: 'start',
  overflowWrap: 'break-word',
  [theme.breakpoints.up('md')]: { gridTemplateColumns: `${COVER_COLUMN_WIDTH}px 1fr` },
  '.book-info-wide': { gridColumn: '1 / -1', minWidth: 0 },
  '.book-info-title': {
    ...theme.typography.h1,
    margin: 0,
    fontSize: '1.6rem',
    lineHeight: 1.25,
    [theme.breakpoints.up('md')]: { fontSize: '1.45rem' },
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
  '.book-info-label': { fontWeight: 700 },
  '.book-info-description': { color: theme.palette.text.secondary, whiteSpace: 'pre-line' },
  '.book-info-description[data-clamped]': {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: DESCRIPTION_LINES,
    overflow: 'hidden',
  },
  '.book-info-more': {
    ...theme.typography.body2,
    appearance: 'none',
    border: 0,
    background: 'none',
    padding: theme.spacing(0.5, 0),
    minHeight: 32,
    fontWeight: 600,
    color: theme.palette.primary.main,
    cursor: 'pointer',
    textDecoration: 'underline',
  },
}));

/** The left column's top: title, cover, author ('N/A' when missing) and the description, its first lines until 'More'. */
export function BookInfo({ book }: { book: ReaderBook }) {
  const author = book.author?.trim() || 'N/A';
  const description = book.description?.trim() || 'No description.';
  return (
    <InfoRoot>
      <div className="book-info-wide">
        <h1 className="book-info-title">{book.title}</h1>
      </div>
      <div className="book-info-cover">
        {book.cover_image_url ? (
          // At most 88 px wide (the column above): a phone picks the smallest copy that fills it sharply.
          <SafeImage src={book.cover_image_url} alt={`Cover of ${book.title}`} width={COVER_COLUMN_WIDTH} height={113} eager fit="cover" />
        ) : (
          <div className="book-info-no-cover" role="img" aria-label={`No cover for ${book.title}`}>
            <MenuBookOutlined aria-hidden sx={{ fontSize: 44 }} />
          </div>
        )}
      </div>
      <p className="book-info-text">
        <span className="book-info-label">Author:</span> {author}
      </p>
      <Description key={description} text={description} />
    </InfoRoot>
  );
}

/** The description, clamped to its first lines with 'More' when it is longer (measured, so it follows the column's width). */
function Description({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured before the browser paints, so 'More' is there in the first frame and nothing below moves.
  useLayoutEffect(() => {
    const paragraph = ref.current;
    if (!paragraph || expanded) return;
    const measure = () => setOverflows(paragraph.scrollHeight > paragraph.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(paragraph);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <div className="book-info-wide">
      <p ref={ref} id={id} className="book-info-text book-info-description" data-clamped={expanded ? undefined : ''}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button type="button" className="book-info-more" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((open) => !open)}>
          {expanded ? 'Less' : 'More'}
        </button>
      )}
    </div>
  );
}
