import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useAuth } from '../features/auth/auth-store';
import { AuthPage } from '../features/auth/components/auth-page';
import { LoginForm } from '../features/auth/components/login-form';
import { redirectIfAuthenticated } from '../features/auth/route-guards';

export const Route = createFileRoute('/login')({
  beforeLoad: redirectIfAuthenticated,
  component: LoginPage,
});

function LoginPage() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return (
    <AuthPage title="Login">
      <LoginForm />
    </AuthPage>
  );
}
