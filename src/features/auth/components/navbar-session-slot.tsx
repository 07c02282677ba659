import { lazy, Suspense } from 'react';
import { AnonymousNavbarAccount, type NavbarAccountProps } from '../../../components/navbar-account-section';
import { useAuth } from '../auth-store';
import { useLogout } from '../use-logout';

// A visitor's pages never load the signed-in part (its account menu is MUI's Menu, ~6 KiB).
let signedInPart: Promise<{ default: typeof import('../../../components/signed-in-navbar-account').SignedInNavbarAccount }> | null = null;
const loadSignedInPart = () =>
  (signedInPart ??= import('../../../components/signed-in-navbar-account').then((m) => ({ default: m.SignedInNavbarAccount })));
const SignedInNavbarAccount = lazy(loadSignedInPart);

/**
 * Starts loading the signed-in navbar links (the protected area's guard calls it as the area is
 * entered): they are ready with the page instead of appearing after it.
 */
export function preloadSignedInNavbarAccount(): void {
  void loadSignedInPart().catch((error: unknown) => {
    // The render's own import tries again and shows the failure where it is used.
    signedInPart = null;
    console.warn('Could not preload the signed-in navbar links', error);
  });
}

/** The navbar's account slot filled from the session: Login/Register for visitors, the signed-in links and Logout otherwise. */
export function NavbarSessionSlot({ variant, onNavigate, pendingScores }: NavbarAccountProps & { pendingScores?: number }) {
  const { isAuthenticated, user } = useAuth();
  const { requestLogout } = useLogout();
  if (!isAuthenticated || !user) return <AnonymousNavbarAccount variant={variant} onNavigate={onNavigate} />;
  return (
    <Suspense fallback={null}>
      <SignedInNavbarAccount
        variant={variant}
        onNavigate={onNavigate}
        email={user.email}
        isSuperuser={user.is_superuser}
        onLogout={() => void requestLogout()}
        pendingScores={pendingScores}
      />
    </Suspense>
  );
}
