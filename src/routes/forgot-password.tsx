import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/components/auth-page';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { redirectIfAuthenticated } from '../features/auth/route-guards';

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: redirectIfAuthenticated,
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <AuthPage title="Forgot password?">
      <ForgotPasswordForm />
    </AuthPage>
  );
}
