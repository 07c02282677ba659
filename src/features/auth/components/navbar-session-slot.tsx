import { AnonymousNavbarAccount, type NavbarAccountProps, SignedInNavbarAccount } from '../../../components/navbar-account-section';
import { useAuth } from '../auth-store';
import { useLogout } from '../use-logout';

/** The navbar's account slot filled from the session: Login/Register for visitors, the signed-in links and Logout otherwise. */
export function NavbarSessionSlot({ variant, onNavigate }: NavbarAccountProps) {
  const { isAuthenticated, user } = useAuth();
  const { requestLogout } = useLogout();
  if (!isAuthenticated || !user) return <AnonymousNavbarAccount variant={variant} onNavigate={onNavigate} />;
  return (
    <SignedInNavbarAccount
      variant={variant}
      onNavigate={onNavigate}
      email={user.email}
      isSuperuser={user.is_superuser}
      onLogout={() => void requestLogout()}
    />
  );
}
