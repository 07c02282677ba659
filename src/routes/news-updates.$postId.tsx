import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { NewsDetailPage } from '../features/site/components/news-detail-page';

/** The id is parsed as an integer (spec §2); anything else gives NaN and 'Post not found!'. */
const paramsSchema = z.object({ postId: z.string() }).transform(({ postId }) => ({ postId: Number.parseInt(postId, 10) }));

export const Route = createFileRoute('/news-updates/$postId')({
  params: {
    parse: (raw) => paramsSchema.parse(raw),
    stringify: ({ postId }) => ({ postId: String(postId) }),
  },
  component: NewsDetailRoute,
});

function NewsDetailRoute() {
  const { postId } = Route.useParams();
  return <NewsDetailPage postId={postId} />;
}
