/** The deck's entry points elsewhere: the dashboard's due line and the reader's link for one book. */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { dueText, useDeck } from '../use-deck';

/** 'N questions due for review', a link to /review; nothing when none is due. */
export function DueReviewLine({ userId }: { userId: number }) {
  const deck = useDeck(userId);
  const n = deck?.due.length ?? 0;
  if (n === 0) return null;
  return (
    <Alert severity="info">
      <Link component={RouterLink} to="/review">
        {dueText(n)}
      </Link>
    </Alert>
  );
}

/** 'Review this book's questions' (to /review?book=ID) when the learner has cards of the book. */
export function ReviewBookLink({ userId, bookId }: { userId: number; bookId: number }) {
  const deck = useDeck(userId);
  if (!deck?.cards.some((c) => c.book === bookId && !c.retired)) return null;
  return (
    <RouterButton to="/review" search={{ book: bookId }} variant="outlined" sx={{ minHeight: 44, alignSelf: 'flex-start' }}>
      Review this book&apos;s questions
    </RouterButton>
  );
}
