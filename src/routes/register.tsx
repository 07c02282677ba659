import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/components/auth-page';
import { RegisterForm } from '../features/auth/components/register-form';
import { redirectIfAuthenticated } from '../features/auth/route-guards';

export const Route = createFileRoute('/register')({
  beforeLoad: redirectIfAuthenticated,
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <AuthPage title="Register" width="sm">
      <RegisterForm />
    </AuthPage>
  );
}
