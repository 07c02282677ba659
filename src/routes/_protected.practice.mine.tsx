import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { institute } from '../content/institute';
import { MyPracticePage } from '../features/practice/components/my-practice-page';
import { useStoredUser } from '../lib/session';
import { parseBookId } from './-components/book-id';

/** `?drill=`: plain code (route search is parsed in the entry chunk). */
const validateSearch = (search: Record<string, unknown>): { drill?: number } => {
  const drill = parseBookId(String(search.drill ?? ''));
  return drill ? { drill } : {};
};

/** /practice/mine, 'My practice': a drill's proficiency, learning curve and repetitions (issue 37). */
export const Route = createFileRoute('/_protected/practice/mine')({
  validateSearch,
  component: MyPracticeRoute,
});

function MyPracticeRoute() {
  const { drill } = Route.useSearch();
  const navigate = Route.useNavigate();
  const user = useStoredUser();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`My practice — ${institute.name}`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 2 }}>
        My practice
      </Typography>
      {user ? (
        <MyPracticePage userId={user.user_id} drillId={drill} onChooseDrill={(id) => void navigate({ search: { drill: id }, replace: true })} />
      ) : (
        <Typography>Please log in to see your practice.</Typography>
      )}
    </Container>
  );
}
