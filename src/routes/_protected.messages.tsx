import { createFileRoute } from '@tanstack/react-router';
import { canReadContactMessages } from '../contract/permissions';
import { contactMessagesQueryOptions } from '../features/messages/api/contact-messages';
import { MessagesPage } from '../features/messages/components/messages-page';
import { getStoredUser } from '../lib/session';

/** `?page=` from 1; anything else is the first page. Plain code: search validation runs in the entry chunk. */
const validateSearch = (search: Record<string, unknown>): { page?: number } => {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 && page <= 1_000_000 ? { page } : {};
};

/** Messages (superusers): the contact form's messages. */
export const Route = createFileRoute('/_protected/messages')({
  validateSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // Starts the page's data beside the session check; offline the list says it needs the connection.
  loader: ({ context: { queryClient }, deps }) => {
    if (navigator.onLine && canReadContactMessages(getStoredUser())) void queryClient.prefetchQuery(contactMessagesQueryOptions(deps.page));
  },
  component: MessagesRoute,
});

function MessagesRoute() {
  const { page } = Route.useSearch();
  return <MessagesPage page={page ?? 1} />;
}
