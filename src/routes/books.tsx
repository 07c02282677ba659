import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { requireAccessToken } from '../lib/require-auth';

/** Protected placeholder: the accounts and books features replace the guard and the body. */
export const Route = createFileRoute('/books')({
  beforeLoad: requireAccessToken,
  component: () => <PlaceholderPage title="Books">This area is being set up.</PlaceholderPage>,
});
