import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { institute } from '../content/institute';
import { PracticePage } from '../features/practice/components/practice-page';
import { useStoredUser } from '../lib/session';

/** /practice: the endotrainer drills to time (issue 37). */
export const Route = createFileRoute('/_protected/practice/')({
  component: PracticeRoute,
});

function PracticeRoute() {
  const user = useStoredUser();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`Practice — ${institute.name}`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 2 }}>
        Practice
      </Typography>
      {user ? <PracticePage userId={user.user_id} /> : <Typography>Please log in to practise.</Typography>}
    </Container>
  );
}
