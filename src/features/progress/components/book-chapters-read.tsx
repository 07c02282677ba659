import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { chaptersReadText } from '../../../contract/progress-rules';
import { useStoredUser } from '../../../lib/session';
import { myProgressQueryOptions } from '../api/get-my-progress';
import { useLocalProgress } from '../db/local-progress';
import { chaptersRead } from '../merge';

/**
 * '3 of 8 chapters read' on a book's card: the server's reads and this device's together.
 * Nothing for a book not begun, so the list's cards stay clean.
 */
export function BookChaptersRead({ bookId, chapterCount }: { bookId: number; chapterCount: number }) {
  const userId = useStoredUser()?.user_id ?? null;
  const server = useQuery({ ...myProgressQueryOptions(userId ?? 0), enabled: userId !== null });
  const local = useLocalProgress(userId);
  if (userId === null || !local) return null;
  const progress = server.data?.find((entry) => entry.book === bookId);
  const total = progress?.chapter_count ?? chapterCount;
  const read = chaptersRead(bookId, total, progress, local);
  if (read === 0) return null;
  return (
    <Typography variant="body2" sx={{ mb: 1 }}>
      {chaptersReadText(read, total)}
    </Typography>
  );
}
