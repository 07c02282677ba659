import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/components/auth-page';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';

/**
 * The reset link's token: a string, or '' when it is missing or not one. Plain code, not a zod
 * schema: search validation runs in the entry chunk, and zod would load on a first visit to /.
 */
const validateSearch = (search: Record<string, unknown>): { token: string } => ({
  token: typeof search.token === 'string' && search.token.length <= 200 ? search.token : '',
});

// Open whether or not someone is signed in on this device: the link is for the account it was sent to.
export const Route = createFileRoute('/reset-password')({
  validateSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return (
    <AuthPage title="Set a new password">
      <ResetPasswordForm token={token} />
    </AuthPage>
  );
}
