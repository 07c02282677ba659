import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthPage } from '../features/auth/components/auth-page';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';

const searchSchema = z.object({ token: z.string().max(200).catch('').default('') });

// Open whether or not someone is signed in on this device: the link is for the account it was sent to.
export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema,
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
