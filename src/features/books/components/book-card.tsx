import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { RouterButton } from '../../../components/router-link';
import type { BookListItem } from '../api/types';
import { byline, describeBook, formatCreated } from '../book-text';
import { BookCover } from './book-cover';

export interface BookCardProps {
  book: BookListItem;
  /** Superusers get a 'Delete' button. */
  onDelete?: (book: BookListItem) => void;
  /** The first cards are above the fold: their covers load eagerly. */
  eager?: boolean;
  /** The first card: its cover is the page's largest image, fetched first (and preloaded by the route). */
  first?: boolean;
  /** Shown under the details (the route puts the download control here). */
  extra?: ReactNode;
}

/**
 * The card's frame and texts are plain elements under one styled root, with the rules MUI's Card,
 * CardContent, CardActions and Typography gave them (the theme's h2, body2 and caption, the card's
 * border and radius): the list renders one card per book, and as those components a card was
 * about twice the components it is now. The buttons stay MUI's.
 */
const CardRoot = styled('article')(({ theme }) => ({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  boxSizing: 'border-box',
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  '.book-card-content': { flexGrow: 1, padding: theme.spacing(2) },
  // Class selectors only: the download control under the details has texts of its own.
  '.book-card-title': { ...theme.typography.h2, fontSize: '1.2rem', margin: theme.spacing(0, 0, 0.5) },
  '.book-card-text': { ...theme.typography.body2, margin: 0 },
  '.book-card-byline': { color: theme.palette.text.secondary, marginBottom: theme.spacing(1.5) },
  '.book-card-description': { marginBottom: theme.spacing(1.5), overflowWrap: 'anywhere' },
  '.book-card-chapters': { fontWeight: 600 },
  '.book-card-extra': { marginTop: theme.spacing(1.5) },
  '.book-card-actions': {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: theme.spacing(1),
    padding: theme.spacing(1, 2, 2),
    '& > :not(style) ~ :not(style)': { marginLeft: theme.spacing(1) },
  },
  '.book-card-created': { ...theme.typography.caption, color: theme.palette.text.secondary, marginLeft: 'auto !important' },
}));

/** A book on the list (SPEC §2): cover, title, author, description preview, chapters, View, Created. */
export function BookCard({ book, onDelete, eager, first, extra }: BookCardProps) {
  return (
    <CardRoot aria-labelledby={`book-${book.id}-title`}>
      <BookCover url={book.cover_image_url} title={book.title} eager={eager} fetchPriority={first ? 'high' : undefined} />
      <div className="book-card-content">
        <h2 className="book-card-title" id={`book-${book.id}-title`}>{book.title}</h2>
        <p className="book-card-text book-card-byline">{byline(book.author)}</p>
        <p className="book-card-text book-card-description">{describeBook(book.description)}</p>
        <p className="book-card-text book-card-chapters">Chapters: {book.chapter_count}</p>
        {extra && <div className="book-card-extra">{extra}</div>}
      </div>
      <div className="book-card-actions">
        <RouterButton to="/book/$bookId" params={{ bookId: book.id }} variant="contained" aria-label={`View ${book.title}`}>
          View
        </RouterButton>
        {onDelete && (
          <Button color="error" variant="outlined" onClick={() => onDelete(book)} aria-label={`Delete ${book.title}`}>
            Delete
          </Button>
        )}
        <span className="book-card-created">
          Created: <time dateTime={book.created_at}>{formatCreated(book.created_at)}</time>
        </span>
      </div>
    </CardRoot>
  );
}
