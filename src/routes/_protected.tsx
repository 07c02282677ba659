import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ProtectedArea } from '../features/auth/components/protected-area';
import { enterProtectedArea } from '../features/auth/route-guards';

/**
 * The protected area (SPEC §2): /dashboard, /books, /create-book and /book/{bookId}. Its one
 * guard: without a stored access token the user goes to /login (it runs again whenever the
 * session ends). Otherwise the session check starts as the area is entered, beside the route
 * loaders; the area shows 'Loading...' until it has answered, and keeps the session while
 * offline. Child routes read the user with useStoredUser() (lib/session).
 */
export const Route = createFileRoute('/_protected')({
  beforeLoad: enterProtectedArea,
  component: () => (
    <ProtectedArea>
      <Outlet />
    </ProtectedArea>
  ),
});
