import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

/** Protected placeholder: the accounts and books features replace the guard and the body. */
export const Route = createFileRoute('/_protected/create-book')({
  component: () => <PlaceholderPage title="Create Book">This area is being set up.</PlaceholderPage>,
});
