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

/** The top bar (SPEC §2 "Navigation"): logo, the site's links, the account part; a drawer below the lg breakpoint (the links need ~1100 px). */
export function Navbar({ brand, account, search }: NavbarProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A window widened past the breakpoint shows the links in the bar: its drawer closes, and stays closed if it narrows again.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  if (drawerOpen && wide) setDrawerOpen(false);
  return (
    <AppBar position="sticky" color="primary" component="header">
      {/* Wraps: when the six site links leave no room, the account part goes to a second line (never off screen). */}
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60, md: 68 }, flexWrap: 'wrap', py: { lg: 0.5 } }}>
        <RouterLink
          to="/"
          color="inherit"
          underline="none"
          aria-label={`${brand} — home`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: search ? { xs: 0, sm: 2 } : 2, flexShrink: 0 }}
        >
          <Box component="img" src="/favicon.svg" alt="" width={36} height={36} sx={{ borderRadius: 1 }} />
          <Typography component="span" sx={{ fontWeight: 800, fontSize: { xs: '1rem', sm: '1.1rem' }, lineHeight: 1.1 }}>
            {brand}
          </Typography>
        </RouterLink>

        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, flexGrow: 1 }}>
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
        {/* The spacer holds the search (no gap of its own: at 390 px the bar has none to spare). */}
        <Box sx={{ flexGrow: { xs: 1, lg: 0 }, display: 'flex', justifyContent: 'flex-end', minWidth: 0 }}>{search}</Box>
        <InstallButton />
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
            display: { xs: 'inline-flex', lg: 'none' },
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
