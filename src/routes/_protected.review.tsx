import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { institute } from '../content/institute';
import { ReviewPage } from '../features/review/components/review-page';
import { useStoredUser } from '../lib/session';
import { parseBookId } from './-components/book-id';

/** `?book=`: plain code (route search is parsed in the entry chunk). */
const validateSearch = (search: Record<string, unknown>): { book?: number } => {
  const book = parseBookId(String(search.book ?? ''));
  return book ? { book } : {};
};

/** /review: the learner's missed questions due again (issue 36); ?book= reviews one book's. */
export const Route = createFileRoute('/_protected/review')({
  validateSearch,
  component: ReviewRoute,
});

function ReviewRoute() {
  const { book } = Route.useSearch();
  const user = useStoredUser();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`Review — ${institute.name}`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 2 }}>
        Review
      </Typography>
      {user ? <ReviewPage userId={user.user_id} bookId={book} /> : <Typography>Please log in to review.</Typography>}
    </Container>
  );
}
