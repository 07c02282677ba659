import MenuOutlined from '@mui/icons-material/MenuOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { afterFirstPage } from '../lib/first-page';
import { lazyModule, useOpenedOnce } from '../lib/lazy-part';
import { InstallButton } from './install-button';
import { NAVBAR_LINKS } from './navigation-links';
import type { NavbarAccountVariant } from './navbar-account-section';
import { RouterButton, RouterLink } from './router-link';
import { useHydrated } from './use-hydrated';

export interface NavbarProps {
  brand: string;
  /** The account part (Login/Register, or the signed-in user's links); see navbar-account-section. */
  renderAccount: (variant: NavbarAccountVariant, onNavigate?: () => void) => ReactNode;
}

const isWide = (theme: Theme) => theme.breakpoints.up('lg');

// The drawer's code (MUI's Drawer, Modal, focus trap, transitions, list items) is not needed to
// show a page: it loads once the page is shown, where the bar has its Menu button, or at the
// first press if that comes sooner.
const drawerModule = lazyModule(() => import('./navbar-drawer'), 'the navigation menu');
const NavbarDrawer = drawerModule.part('NavbarDrawer');

/**
 * Which of the bar's two forms this screen renders: the wide one (the links and the account part
 * in the bar) or the narrow one (the Menu button and its drawer). CSS shows only one of them, and
 * the other is not rendered at all: on a phone the wide form's links and account part were about
 * a sixth of the components of a signed-in page's first render, none of them visible. A
 * prerendered page holds both forms (the build cannot know the screen's width), so both are
 * rendered while React hydrates it; then only the screen's own, and the other when the screen
 * turns or is resized across the breakpoint.
 */
function useBarForms(): { wide: boolean; narrow: boolean; narrowScreen: boolean } {
  const hydrated = useHydrated();
  const wide = useMediaQuery(isWide, { noSsr: true });
  if (!hydrated) return { wide: true, narrow: true, narrowScreen: !wide };
  return { wide, narrow: !wide, narrowScreen: !wide };
}

/** The top bar: logo, the spec's links, the account slot; a drawer below the lg breakpoint (the links need ~1100 px). */
export function Navbar({ brand, renderAccount }: NavbarProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerOpened = useOpenedOnce(drawerOpen);
  const forms = useBarForms();
  useEffect(() => {
    if (forms.narrowScreen) afterFirstPage(drawerModule.preload);
  }, [forms.narrowScreen]);
  const closeDrawer = () => setDrawerOpen(false);
  // A window widened past the breakpoint shows the wide bar instead: its drawer closes, and stays
  // closed if the window narrows again.
  if (drawerOpen && !forms.narrow) setDrawerOpen(false);

  return (
    <AppBar position="sticky" color="primary" component="header">
      {/* Wraps: when the six site links leave no room, the account part goes to a second line (never off screen). */}
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60, md: 68 }, flexWrap: 'wrap', py: { lg: 0.5 } }}>
        <RouterLink
          to="/"
          color="inherit"
          underline="none"
          aria-label={`${brand} — home`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2, flexShrink: 0 }}
        >
          <Box component="img" src="/favicon.svg" alt="" width={36} height={36} sx={{ borderRadius: 1 }} />
          <Typography component="span" sx={{ fontWeight: 800, fontSize: { xs: '1rem', sm: '1.1rem' }, lineHeight: 1.1 }}>
            {brand}
          </Typography>
        </RouterLink>

        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, flexGrow: 1 }}>
          {forms.wide &&
            NAVBAR_LINKS.map((link) => (
              <RouterButton
                key={link.to}
                to={link.to}
                color="inherit"
                sx={{
                  borderRadius: 1,
                  px: 1.25,
                  whiteSpace: 'nowrap',
                  '&[data-status="active"]': { bgcolor: 'rgba(255,255,255,0.16)', boxShadow: 'inset 0 -3px 0 #c9a227' },
                }}
              >
                {link.label}
              </RouterButton>
            ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, lg: 0 } }} />
        <InstallButton />
        <Box sx={{ display: { xs: 'none', lg: 'flex' }, ml: 'auto', justifyContent: 'flex-end', minWidth: 0 }}>{forms.wide && renderAccount('bar')}</Box>
        {forms.narrow && (
          <Button
            color="inherit"
            startIcon={<MenuOutlined />}
            aria-label="Open navigation menu"
            aria-controls="navigation-drawer"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { xs: 'inline-flex', lg: 'none' }, flexShrink: 0, minWidth: 0 }}
          >
            Menu
          </Button>
        )}
      </Toolbar>

      {drawerOpened && (
        <Suspense fallback={null}>
          <NavbarDrawer open={drawerOpen} onClose={closeDrawer} renderAccount={renderAccount} />
        </Suspense>
      )}
    </AppBar>
  );
}
