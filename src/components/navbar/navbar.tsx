import MenuOutlined from '@mui/icons-material/MenuOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { InstallButton } from '../install-button';
import { NAVBAR_LINKS } from '../navigation-links';
import { RouterButton, RouterLink } from '../router-link';
import { BarAccountLinks, type NavbarAccount } from './account-links';
import { NavbarDrawer } from './navbar-drawer';

export interface NavbarProps {
  brand: string;
  account: NavbarAccount;
  /** The search field for a signed-in user (the root route gives it; none for a visitor). */
  search?: ReactNode;
}

/**
 * The top bar (SPEC §2 "Navigation"): logo, the site's links, the account part, in one row.
 * A visitor has the site's links in the bar from the lg breakpoint (they need ~1100 px) and in
 * the drawer below it. A signed-in user's bar is the app's (search, Dashboard, Books, the
 * greeting, Logout): the site's links would push it onto a second row at laptop widths, so for
 * them the site's links are in the drawer ('Menu') at every width.
 */
export function Navbar({ brand, account, search }: NavbarProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const signedIn = account.user !== null;
  // A window widened past the breakpoint shows a visitor the links in the bar: the drawer closes, and stays closed if it narrows again.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  if (drawerOpen && wide && !signedIn) setDrawerOpen(false);
  return (
    <AppBar position="sticky" color="primary" component="header">
      {/* A signed-in bar never wraps from lg: the search field and a long greeting shrink instead. A visitor's wraps as a last resort, never off screen. */}
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60, md: 68 }, flexWrap: signedIn ? { xs: 'wrap', lg: 'nowrap' } : 'wrap', py: { lg: 0.5 } }}>
        <RouterLink
          to="/"
          color="inherit"
          underline="none"
          aria-label={`${brand} — home`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: search ? { xs: 0, sm: 2 } : 2, flexShrink: 0 }}
        >
          <Box component="img" src="/favicon.svg" alt="" width={36} height={36} sx={{ borderRadius: 1 }} />
          {/* Signed in, from lg to 1800 px the bar needs the brand's room for the greeting: the logo stays, named by the link. */}
          <Typography
            component="span"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '1rem', sm: '1.1rem' },
              lineHeight: 1.1,
              ...(signedIn ? { display: { lg: 'none' }, '@media (min-width: 1800px)': { display: 'inline' } } : {}),
            }}
          >
            {brand}
          </Typography>
        </RouterLink>

        <Box component="nav" aria-label="Main" sx={{ display: signedIn ? 'none' : { xs: 'none', lg: 'flex' }, gap: 0.5, flexGrow: 1 }}>
          {NAVBAR_LINKS.map((link) => (
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
        {/* The spacer holds the search and, on its left, 'Install app' when the browser offers it
            (after the page has loaded): the spacer gives it room, so nothing already on screen moves. */}
        <Box sx={{ flexGrow: signedIn ? 1 : { xs: 1, lg: 0 }, flexShrink: { lg: 0 }, display: 'flex', justifyContent: 'flex-end', gap: 1, minWidth: 0 }}>
          <InstallButton />
          {search}
        </Box>
        {/* Where room runs short, a long greeting gives way (with an ellipsis), nothing else. */}
        <Box sx={{ display: { xs: 'none', lg: 'flex' }, ml: 'auto', justifyContent: 'flex-end', minWidth: 0 }}>
          <BarAccountLinks {...account} />
        </Box>
        <Button
          color="inherit"
          startIcon={<MenuOutlined />}
          aria-label="Open navigation menu"
          aria-controls="navigation-drawer"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          sx={{
            display: signedIn ? 'inline-flex' : { xs: 'inline-flex', lg: 'none' },
            flexShrink: 0,
            minWidth: 0,
            // On a phone the search button needs the room of Menu's icon (at 390 px the bar would wrap); its word stays.
            ...(search ? { '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } } : {}),
          }}
        >
          Menu
        </Button>
      </Toolbar>
      <NavbarDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} account={account} />
    </AppBar>
  );
}
