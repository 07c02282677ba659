import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { useOnlineStatus } from '../../../lib/online-status';
import { useOfflineBooks } from '../hooks/use-downloads';
import { AvailableOfflineChip } from './download-button';

export const OTHER_BOOKS_NEED_CONNECTION = 'Books that are not downloaded need a connection.';

/** Above the books list while offline: what opens and what does not. */
export function OfflineListNotice({ lastKnown }: { lastKnown: boolean }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Alert severity="info" icon={<CloudOffOutlined />} sx={{ mb: 3 }}>
      You are offline{lastKnown ? ': this is the list as it was last loaded' : ''}. Books marked &lsquo;Available offline&rsquo; open without a connection;{' '}
      {OTHER_BOOKS_NEED_CONNECTION.charAt(0).toLowerCase() + OTHER_BOOKS_NEED_CONNECTION.slice(1)}
    </Alert>
  );
}

/** The books list offline when the network list was never loaded on this device: the downloaded books. */
export function OfflineBooksPage() {
  const copies = useOfflineBooks();
  const available = copies?.filter((copy) => copy.status === 'complete') ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <title>Books</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.25rem' }, mb: 4 }}>
        Books
      </Typography>
      <OfflineListNotice lastKnown={false} />
      {copies === undefined ? (
        <Typography role="status">Loading the books on this device...</Typography>
      ) : available.length === 0 ? (
        <Typography>
          No book is downloaded on this device. Connect to the internet to see the books, and choose &lsquo;Download for offline&rsquo; to read one without a
          connection. <RouterLink to="/downloads">My downloads</RouterLink>
        </Typography>
      ) : (
        <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Books available offline">
          {available.map(({ book }) => (
            <Grid key={book.id} component="li" size={{ xs: 12, sm: 6, md: 4 }}>
              <Card component="article" aria-labelledby={`offline-book-${book.id}-title`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography id={`offline-book-${book.id}-title`} variant="h2" sx={{ fontSize: '1.2rem', mb: 0.5 }}>
                    {book.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                    By: {book.author || 'Unknown Author'}
                  </Typography>
                  <AvailableOfflineChip />
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <RouterButton to="/book/$bookId" params={{ bookId: book.id }} variant="contained" aria-label={`View ${book.title}`}>
                    View
                  </RouterButton>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}
