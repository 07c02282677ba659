import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Footer, type FooterProps } from './footer';
import { Navbar, type NavbarProps } from './navbar/navbar';
import { OfflineIndicator } from './offline-indicator';
import { ScrollToTop } from './scroll-to-top';
import { UpdatePrompt } from './update-prompt';

export interface AppShellProps {
  navbar: NavbarProps;
  footer: FooterProps;
  children: ReactNode;
}

/** The frame of every screen: skip link, navbar, offline banner, main, footer, update prompt. */
export function AppShell({ navbar, footer, children }: AppShellProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      <Navbar {...navbar} />
      <OfflineIndicator />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {children}
      </Box>
      <Footer {...footer} />
      <UpdatePrompt />
      <ScrollToTop />
    </Box>
  );
}
