import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ProtectedArea } from '../features/auth/components/protected-area';
import { enterProtectedArea } from '../features/auth/route-guards';
import { preloadApiClient } from '../lib/api-client';
import { afterFirstPage } from '../lib/first-page';

/**
 * The protected area (SPEC §2): /dashboard, /books, /create-book and /book/{bookId}. Its one
 * guard: without a stored access token the user goes to /login (it runs again whenever the
 * session ends). Otherwise the session check starts as the area is entered, beside the route
 * loaders; the area shows 'Loading...' until it has answered, and keeps the session while
 * offline. Child routes read the user with useStoredUser() (lib/session).
 */
export const Route = createFileRoute('/_protected')({
  beforeLoad: enterProtectedArea,
  component: ProtectedLayout,
});

function ProtectedLayout() {
  // The page's first reads need no axios (lib/api-client): it loads once the page is shown, ready for what the user does next.
  useEffect(() => afterFirstPage(preloadApiClient), []);
  return (
    <ProtectedArea>
      <Outlet />
    </ProtectedArea>
  );
}
