import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/components/auth-page';
import { LoginForm } from '../features/auth/components/login-form';
import { redirectIfAuthenticated } from '../features/auth/route-guards';

export const Route = createFileRoute('/login')({
  beforeLoad: redirectIfAuthenticated,
  component: LoginPage,
});

function LoginPage() {
  return (
    <AuthPage title="Login">
      <LoginForm />
    </AuthPage>
  );
}
