import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAccessToken } from '../lib/require-auth';

/**
 * The protected area (SPEC §2): /dashboard, /books, /create-book and /book/{bookId} are its
 * children. The accounts feature replaces this minimal guard with the session check.
 */
export const Route = createFileRoute('/_protected')({
  beforeLoad: requireAccessToken,
  component: Outlet,
});
