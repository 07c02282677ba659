import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { lazyModule, useOpenedOnce } from '../lib/lazy-part';
import type { NavbarAccountProps } from './navbar-account-section';
import { RouterButton } from './router-link';

export interface SignedInNavbarAccountProps extends NavbarAccountProps {
  email: string;
  /** Superusers also get Create Book (SPEC §2, §6). */
  isSuperuser: boolean;
  onLogout: () => void;
  /** Quiz scores on this device not yet on the server: shown as a link to My downloads when above 0. */
  pendingScores?: number;
}

/** A signed-in page of the navbar, and from which width it is inline in the bar. */
export interface AccountLink {
  to: '/dashboard' | '/books' | '/create-book' | '/downloads';
  label: string;
  icon: ReactNode;
  inlineFrom: 'lg' | 'wide';
}

/** '1 score to sync', '3 scores to sync'. */
export const pendingScoresLabel = (count: number) => `${count} ${count === 1 ? 'score' : 'scores'} to sync`;

const activeBar = { '&[data-status="active"]': { bgcolor: 'rgba(255,255,255,0.16)', boxShadow: 'inset 0 -3px 0 #c9a227' } };

/**
 * From this width the whole signed-in part is inline (issue 14: 'Welcome, {email}', Logout and
 * Create Book are in the bar from 1280 px); the navbar's toolbar wraps it onto a second line when
 * the six site links leave no room beside them.
 */
const WIDE_QUERY = '(min-width: 1280px)';
const WIDE = `@media ${WIDE_QUERY}`;

// What only some widths or a tap show loads when it is needed, not with every signed-in page
// on a phone (MUI's Menu, Tooltip and list items are about 18 KiB compressed):
// - the drawer's part (below lg), when the drawer is opened;
// - the 'Account' menu (lg to 1280 px), when its button is pointed at, focused or pressed;
// - the greeting's tooltip, from 1280 px, where the greeting is shown.
const SignedInNavbarDrawer = lazyModule(() => import('./signed-in-navbar-drawer'), 'the menu\'s account part').part('SignedInNavbarDrawer');
const accountMenuModule = lazyModule(() => import('./account-menu'), 'the account menu');
const AccountMenu = accountMenuModule.part('AccountMenu');
const Tooltip = accountMenuModule.part('Tooltip');

export function SignedInNavbarAccount({ variant, onNavigate, email, isSuperuser, onLogout, pendingScores = 0 }: SignedInNavbarAccountProps) {
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setMenuAnchor(null);
  const menuOpened = useOpenedOnce(menuAnchor !== null);
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const wide = useMediaQuery(WIDE_QUERY, { noSsr: true });
  const links: AccountLink[] = [
    { to: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined />, inlineFrom: 'lg' },
    { to: '/books', label: 'Books', icon: <MenuBookOutlined />, inlineFrom: 'lg' },
    { to: '/downloads', label: 'My downloads', icon: <OfflinePinOutlined />, inlineFrom: 'wide' },
    ...(isSuperuser ? [{ to: '/create-book' as const, label: 'Create Book', icon: <AddCircleOutlineOutlined />, inlineFrom: 'wide' as const }] : []),
  ];
  const pendingLabel = pendingScoresLabel(pendingScores);
  const greeting = `Welcome, ${email}`;
  const inlineSx = (from: 'lg' | 'wide') => (from === 'lg' ? { display: { xs: 'none', lg: 'inline-flex' } } : { display: 'none', [WIDE]: { display: 'inline-flex' } });

  if (variant === 'drawer') {
    return (
      <Suspense fallback={null}>
        <SignedInNavbarDrawer greeting={greeting} links={links} pendingScores={pendingScores} onNavigate={onNavigate} onLogout={onLogout} />
      </Suspense>
    );
  }
  const greetingText = (
    <Typography
      component="span"
      variant="body2"
      data-testid="navbar-greeting"
      tabIndex={0}
      aria-label={greeting}
      // The tooltip is held open while pointed at or focused, also while its code still loads.
      onMouseEnter={() => setTooltipOpen(true)}
      onMouseLeave={() => setTooltipOpen(false)}
      onFocus={() => setTooltipOpen(true)}
      onBlur={() => setTooltipOpen(false)}
      sx={{ px: 1, maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', borderRadius: 1 }}
    >
      {greeting}
    </Typography>
  );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {pendingScores > 0 && (
        <RouterButton to="/downloads" color="inherit" startIcon={<SyncProblemOutlined />} sx={{ borderRadius: 1, px: 1.25, whiteSpace: 'nowrap', bgcolor: 'rgba(201,162,39,0.35)' }}>
          {pendingLabel}
        </RouterButton>
      )}
      {links.map((link) => (
        <RouterButton
          key={link.to}
          to={link.to}
          color="inherit"
          sx={{ borderRadius: 1, px: 1.25, whiteSpace: 'nowrap', ...activeBar, ...inlineSx(link.inlineFrom) }}
        >
          {link.label}
        </RouterButton>
      ))}
      <Stack direction="row" spacing={0.5} sx={{ display: 'none', [WIDE]: { display: 'flex' }, alignItems: 'center' }}>
        {wide ? (
          <Suspense fallback={greetingText}>
            <Tooltip title={email} open={tooltipOpen} onOpen={() => setTooltipOpen(true)} onClose={() => setTooltipOpen(false)}>
              {greetingText}
            </Tooltip>
          </Suspense>
        ) : (
          greetingText
        )}
        <Button
          variant="outlined"
          color="inherit"
          onClick={onLogout}
          startIcon={<LogoutOutlined />}
          sx={{ whiteSpace: 'nowrap', borderColor: 'rgba(255,255,255,0.7)' }}
        >
          Logout
        </Button>
      </Stack>
      <Button
        color="inherit"
        startIcon={<AccountCircleOutlined />}
        // The visible label starts the accessible name (label in name).
        aria-label={`Account menu (${email})`}
        aria-controls={menuAnchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={Boolean(menuAnchor)}
        onPointerEnter={accountMenuModule.preload}
        onFocus={accountMenuModule.preload}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', [WIDE]: { display: 'none' } }}
      >
        Account
      </Button>
      {menuOpened && (
        <Suspense fallback={null}>
          <AccountMenu id={menuId} anchorEl={menuAnchor} onClose={closeMenu} greeting={greeting} links={links} onLogout={onLogout} />
        </Suspense>
      )}
    </Stack>
  );
}
