import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useAuth } from '../features/auth/auth-store';
import { AuthPage } from '../features/auth/components/auth-page';
import { RegisterForm } from '../features/auth/components/register-form';
import { redirectIfAuthenticated } from '../features/auth/route-guards';

export const Route = createFileRoute('/register')({
  beforeLoad: redirectIfAuthenticated,
  component: RegisterPage,
});

function RegisterPage() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return (
    <AuthPage title="Register" width="sm">
      <RegisterForm />
    </AuthPage>
  );
}
