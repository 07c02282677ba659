import { createFileRoute } from '@tanstack/react-router';
import { NewsDetailPage } from '../features/site/components/news-detail-page';

/**
 * The id is parsed as an integer (spec §2); anything else gives NaN and 'Post not found!'.
 * Plain code, not a zod schema: route params are parsed in the entry chunk, and zod would load
 * on every first visit.
 */
const parsePostId = (postId: string) => Number.parseInt(postId, 10);

export const Route = createFileRoute('/news-updates/$postId')({
  params: {
    parse: (raw) => ({ postId: parsePostId(raw.postId) }),
    stringify: ({ postId }) => ({ postId: String(postId) }),
  },
  component: NewsDetailRoute,
});

function NewsDetailRoute() {
  const { postId } = Route.useParams();
  return <NewsDetailPage postId={postId} />;
}
