import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { RouterLink } from '../../../components/router-link';

export const NEEDS_CONNECTION = 'This book is not downloaded. Connect to the internet to open it.';

/** The reader of a book that is not downloaded, opened without a connection. */
export function NeedsConnection({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <RouterLink to="/books" sx={{ display: 'inline-block', mb: 3 }}>
        ← Back to Books
      </RouterLink>
      <Alert
        severity="warning"
        icon={<CloudOffOutlined />}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {NEEDS_CONNECTION} Books marked &lsquo;Available offline&rsquo; open without one.
      </Alert>
    </Container>
  );
}
