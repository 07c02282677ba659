import Stack from '@mui/material/Stack';
import { Suspense } from 'react';
import { lazyModule } from '../lib/lazy-part';
import { RouterButton } from './router-link';

/** Where the navbar's account part is shown: the wide bar or the small-screen drawer. */
export type NavbarAccountVariant = 'bar' | 'drawer';

export interface NavbarAccountProps {
  variant: NavbarAccountVariant;
  /** Called after a link is followed (closes the drawer). */
  onNavigate?: () => void;
}

// The drawer's part is in the drawer's module (navbar-drawer.tsx), loaded with it, not with every page.
const AnonymousNavbarDrawer = lazyModule(() => import('./navbar-drawer'), 'the navigation menu').part('AnonymousNavbarDrawer');

/**
 * The navbar's account part for a visitor: Login and Register. The root route passes it to the
 * AppShell as a slot; the signed-in version is SignedInNavbarAccount (signed-in-navbar-account.tsx,
 * a module of its own so that a visitor's pages never load it), with the same props.
 */
export function AnonymousNavbarAccount({ variant, onNavigate }: NavbarAccountProps) {
  if (variant === 'drawer') {
    return (
      <Suspense fallback={null}>
        <AnonymousNavbarDrawer onNavigate={onNavigate} />
      </Suspense>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RouterButton to="/login" color="inherit" variant="text" onClick={onNavigate}>
        Login
      </RouterButton>
      <RouterButton
        to="/register"
        variant="contained"
        onClick={onNavigate}
        sx={{ bgcolor: '#ffffff', color: 'primary.main', '&:hover': { bgcolor: '#e6f0f4' } }}
      >
        Register
      </RouterButton>
    </Stack>
  );
}

export type { SignedInNavbarAccountProps } from './signed-in-navbar-account';
