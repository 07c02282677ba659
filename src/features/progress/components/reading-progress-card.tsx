import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { RouterLink } from '../../../components/router-link';
import { chaptersReadText } from '../../../contract/progress-rules';
import { useOnlineStatus } from '../../../lib/online-status';
import { myAssignmentsQueryOptions } from '../api/get-my-assignments';
import { myProgressQueryOptions } from '../api/get-my-progress';
import { useLocalProgress } from '../db/local-progress';
import { type BookRef, booksBegun } from '../merge';
import { lastSyncedText, READING_TEXT } from '../progress-text';

/**
 * The dashboard's list of the books the user began, each with '3 of 8 chapters read': the
 * server's reads (last synced, kept for offline use) and this device's together, so a chapter
 * read offline counts at once. `books` (the books list the route has) gives titles and chapter
 * counts; assigned books give theirs too.
 */
export function ReadingProgressCard({ userId, books = [] }: { userId: number; books?: readonly BookRef[] }) {
  const id = useId();
  const online = useOnlineStatus();
  const progress = useQuery(myProgressQueryOptions(userId));
  // Titles of assigned books, when the assignments card has them: read from the cache, never fetched here.
  const assignments = useQuery({ ...myAssignmentsQueryOptions(userId), enabled: false });
  const local = useLocalProgress(userId);
  const known = useMemo(() => {
    const map = new Map<number, BookRef>();
    for (const a of assignments.data ?? []) map.set(a.book, { id: a.book, title: a.book_title, chapter_count: a.chapter_count });
    for (const book of books) map.set(book.id, book);
    return map;
  }, [books, assignments.data]);

  const waitingForNetwork = !online || progress.fetchStatus === 'paused';
  let body;
  if (!local || (!progress.data && !waitingForNetwork && !progress.isError)) {
    // Offline nothing waits for the network; the device's own reads take a moment at most.
    body = waitingForNetwork ? null : <Typography role="status">{READING_TEXT.loading}</Typography>;
  } else {
    const begun = booksBegun(progress.data ?? [], local, known);
    body = (
      <>
        {progress.data && (!online || progress.isError) && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {lastSyncedText(progress.dataUpdatedAt, !online)}
          </Typography>
        )}
        {!progress.data && progress.isError && online && <Typography sx={{ color: 'error.main', mb: 1 }}>{READING_TEXT.failed}</Typography>}
        {begun.length === 0 ? (
          <Typography>{READING_TEXT.empty}</Typography>
        ) : (
          <List disablePadding aria-labelledby={`${id}-title`}>
            {begun.map(({ book, read }) => (
              <ListItem key={book.id} disableGutters divider sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
                <RouterLink to="/book/$bookId" params={{ bookId: book.id }} sx={{ fontWeight: 600 }}>
                  {book.title}
                </RouterLink>
                <Typography variant="body2">{chaptersReadText(read, book.chapter_count)}</Typography>
              </ListItem>
            ))}
          </List>
        )}
      </>
    );
  }

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
          {READING_TEXT.title}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
