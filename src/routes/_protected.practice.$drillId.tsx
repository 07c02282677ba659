import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { ChapterView } from '../features/editor/components/chapter-view';
import { DrillPage } from '../features/practice/components/drill-page';
import { useStoredUser } from '../lib/session';
import { parseBookId } from './-components/book-id';

/** /practice/$drillId: one drill's instructions and its timer (issue 37); the instructions render as a chapter does in the reader. */
export const Route = createFileRoute('/_protected/practice/$drillId')({
  component: DrillRoute,
});

function DrillRoute() {
  const { drillId } = Route.useParams();
  const user = useStoredUser();
  const id = parseBookId(drillId);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
      {!user ? (
        <Typography>Please log in to practise.</Typography>
      ) : id ? (
        <DrillPage userId={user.user_id} drillId={id} renderInstructions={(content, label) => <ChapterView content={content} label={label} />} />
      ) : (
        <Typography>There is no such drill.</Typography>
      )}
    </Container>
  );
}
