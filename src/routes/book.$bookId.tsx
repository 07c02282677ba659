import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireAccessToken } from '../lib/require-auth';

/** Protected placeholder: the books and reader features replace the guard and the body. */
export const Route = createFileRoute('/book/$bookId')({
  beforeLoad: requireAccessToken,
  component: () => <PlaceholderPage title="Book">The book reader is being set up.</PlaceholderPage>,
});
