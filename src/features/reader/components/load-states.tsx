import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RetryAlert } from '../../../components/retry-alert';
import { RouterLink } from '../../../components/router-link';
import { bookLoadErrorMessage } from '../messages';

function BackToBooks() {
  return (
    <RouterLink to="/books" sx={{ display: 'inline-block', mb: 3 }}>
      ← Back to Books
    </RouterLink>
  );
}

/** SPEC §4 "Book page": loading. */
export function BookPending() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>Loading book...</Typography>
      </Stack>
    </Container>
  );
}

/** SPEC §4/§8: 'Book not found.' as a warning. */
export function BookNotFound() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <title>Book not found</title>
      <BackToBooks />
      <Alert severity="warning">Book not found.</Alert>
    </Container>
  );
}

/** SPEC §8: the server's detail, else 'Failed to load book details or chapters.', in a red alert, with a retry. */
export function BookLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <BackToBooks />
      <RetryAlert onRetry={onRetry}>{bookLoadErrorMessage(error)}</RetryAlert>
    </Container>
  );
}
