import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';

/** Fallback for a route that failed to load or render; offers a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const chunkMissing = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        {offline || chunkMissing
          ? 'This page is not available offline yet. Open it once while online and it will be kept for offline use.'
          : 'Something went wrong while showing this page.'}
      </Alert>
      <Button
        variant="contained"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </Container>
  );
}
