import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterButton } from '../../../components/router-link';
import type { BookListItem } from '../api/types';
import { formatDate } from '../../../lib/dates';
import { byline, describeBook } from '../book-text';
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

/** A book on the list (SPEC §2): cover, title, author, description preview, chapters, View, Created. */
export function BookCard({ book, onDelete, eager, first, extra }: BookCardProps) {
  return (
    <Card component="article" aria-labelledby={`book-${book.id}-title`} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <BookCover url={book.cover_image_url} title={book.title} eager={eager} fetchPriority={first ? 'high' : undefined} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={`book-${book.id}-title`} variant="h2" sx={{ fontSize: '1.2rem', mb: 0.5 }}>
          {book.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {byline(book.author)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
          {describeBook(book.description)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Chapters: {book.chapter_count}
        </Typography>
        {extra && <Box sx={{ mt: 1.5 }}>{extra}</Box>}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <RouterButton to="/book/$bookId" params={{ bookId: book.id }} variant="contained" aria-label={`View ${book.title}`}>
          View
        </RouterButton>
        {onDelete && (
          <Button color="error" variant="outlined" onClick={() => onDelete(book)} aria-label={`Delete ${book.title}`}>
            Delete
          </Button>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary', ml: 'auto !important' }}>
          Created: <time dateTime={book.created_at}>{formatDate(book.created_at)}</time>
        </Typography>
      </CardActions>
    </Card>
  );
}
