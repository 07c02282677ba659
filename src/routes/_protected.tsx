import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ProtectedArea } from '../features/auth/components/protected-area';
import { requireAccessToken } from '../features/auth/route-guards';

/**
 * The protected area (SPEC §2): /dashboard, /books, /create-book and /book/{bookId}. Its one
 * guard: without a stored access token the user goes to /login (it runs again whenever the
 * session ends). Otherwise the session is checked when the area opens ('Loading...'), and kept
 * while offline. Child routes read the user with useStoredUser() (lib/session).
 */
export const Route = createFileRoute('/_protected')({
  beforeLoad: requireAccessToken,
  component: ProtectedLayout,
});

function ProtectedLayout() {
  return (
    <ProtectedArea>
      <Outlet />
    </ProtectedArea>
  );
}
