import { createFileRoute } from '@tanstack/react-router';
import { NewsListPage } from '../features/site/components/news-list-page';

export const Route = createFileRoute('/news-updates/')({
  component: NewsListPage,
});
