import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

/** Protected placeholder: the books and reader features replace the guard and the body. */
export const Route = createFileRoute('/_protected/book/$bookId')({
  component: () => <PlaceholderPage title="Book">The book reader is being set up.</PlaceholderPage>,
});
