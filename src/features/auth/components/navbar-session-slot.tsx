import { Suspense } from 'react';
import { AnonymousNavbarAccount, type NavbarAccountProps } from '../../../components/navbar-account-section';
import { lazyModule } from '../../../lib/lazy-part';
import { useAuth } from '../auth-store';
import { useLogout } from '../use-logout';

// A visitor's pages never load the signed-in part (its account menu is MUI's Menu, ~6 KiB).
const signedInModule = lazyModule(() => import('../../../components/signed-in-navbar-account'), 'the signed-in navbar links');
const SignedInNavbarAccount = signedInModule.part('SignedInNavbarAccount');

/**
 * Starts loading the signed-in navbar links (the protected area's guard calls it as the area is
 * entered): they are ready with the page instead of appearing after it.
 */
export const preloadSignedInNavbarAccount: () => void = signedInModule.preload;

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
