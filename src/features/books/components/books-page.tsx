import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { RetryAlert } from '../../../components/retry-alert';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { useStoredUser } from '../../../lib/session';
import { useDeleteBook } from '../api/delete-book';
import { useBooks } from '../api/get-books';
import type { BookListItem } from '../api/types';
import { booksErrorMessage, deleteBookErrorMessage } from '../book-text';
import { canManageBooks } from '../../../contract/permissions';
import { BookCard } from './book-card';
import { ConfirmDialog } from '../../../components/confirm-dialog';

const DELETE_CONFIRMATION = 'Are you sure you want to delete this book and all its chapters?';

function BooksLayout({ action, children }: { action?: ReactNode; children: ReactNode }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <title>Books</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 4 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.25rem' } }}>
          Books
        </Typography>
        {action}
      </Stack>
      {children}
    </Container>
  );
}

function CreateBookButton() {
  return (
    <RouterButton to="/create-book" variant="contained" startIcon={<AddOutlined />}>
      Create New Book
    </RouterButton>
  );
}

export interface BooksPageProps {
  /** Shown above the list (the route's offline notice). */
  notice?: ReactNode;
  /** Shown on each card under its details (the route's download control). */
  renderCardExtra?: (book: BookListItem) => ReactNode;
}

/** The books list (SPEC §2): a grid of cards, 1, 2 or 3 columns by width. */
export function BooksPage({ notice, renderCardExtra }: BooksPageProps = {}) {
  const { data: books } = useBooks();
  const user = useStoredUser();
  const isSuperuser = canManageBooks(user);
  const deleteBook = useDeleteBook();
  const [pendingDelete, setPendingDelete] = useState<BookListItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = () => {
    if (!pendingDelete) return;
    setDeleteError(null);
    deleteBook.mutate(pendingDelete.id, {
      onError: (error) => setDeleteError(deleteBookErrorMessage(error)),
      onSettled: () => setPendingDelete(null),
    });
  };

  return (
    <BooksLayout action={isSuperuser ? <CreateBookButton /> : undefined}>
      {notice}
      {deleteError && (
        <Alert severity="error" onClose={() => setDeleteError(null)} sx={{ mb: 3 }}>
          {deleteError}
        </Alert>
      )}
      {books.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>You haven't created any books yet.</Typography>
          {isSuperuser && <RouterLink to="/create-book">Create a book</RouterLink>}
        </Box>
      ) : (
        <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Books">
          {books.map((book, index) => (
            <Grid key={book.id} component="li" size={{ xs: 12, sm: 6, md: 4 }}>
              <BookCard
                book={book}
                eager={index < 3}
                first={index === 0}
                onDelete={isSuperuser ? setPendingDelete : undefined}
                extra={renderCardExtra?.(book)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete book"
        message={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        busy={deleteBook.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </BooksLayout>
  );
}

/** The list's error state: the server's detail or 'Failed to fetch books.', with a retry. */
export function BooksError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <BooksLayout>
      <RetryAlert onRetry={onRetry}>{booksErrorMessage(error)}</RetryAlert>
    </BooksLayout>
  );
}

/** Shown while the list loads. */
export function BooksPending() {
  return (
    <BooksLayout>
      <Typography role="status">Loading books...</Typography>
    </BooksLayout>
  );
}
