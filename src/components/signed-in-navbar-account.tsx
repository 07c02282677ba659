import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import type { NavbarAccountProps } from './navbar-account-section';
import { RouterButton, RouterLink, RouterListItemButton } from './router-link';

export interface SignedInNavbarAccountProps extends NavbarAccountProps {
  email: string;
  /** Superusers also get Create Book (SPEC §2, §6). */
  isSuperuser: boolean;
  onLogout: () => void;
  /** Quiz scores on this device not yet on the server: shown as a link to My downloads when above 0. */
  pendingScores?: number;
}

/** '1 score to sync', '3 scores to sync'. */
export const pendingScoresLabel = (count: number) => `${count} ${count === 1 ? 'score' : 'scores'} to sync`;

const activeBar = { '&[data-status="active"]': { bgcolor: 'rgba(255,255,255,0.16)', boxShadow: 'inset 0 -3px 0 #c9a227' } };
const activeDrawer = { '&[data-status="active"]': { bgcolor: 'action.selected', fontWeight: 700 } };

/**
 * From this width the whole signed-in part is inline (issue 14: 'Welcome, {email}', Logout and
 * Create Book are in the bar from 1280 px); the navbar's toolbar wraps it onto a second line when
 * the six site links leave no room beside them.
 */
const WIDE = '@media (min-width: 1280px)';

/**
 * The navbar's account part when signed in (SPEC §2): Dashboard, Books, My downloads, Create
 * Book for superusers, 'Welcome, {email}' and Logout; while quiz scores wait on this device,
 * their count, which leads to My downloads (where 'Sync now' is).
 *
 * In the bar from 1280 px everything is inline (the greeting shortened with an ellipsis, the
 * full address in its tooltip); between lg (1200 px) and 1280 px Dashboard and Books are inline
 * and the rest is in the 'Account' menu, whose button says so. Below lg the navbar's drawer
 * ('Menu') lists it all.
 */
export function SignedInNavbarAccount({ variant, onNavigate, email, isSuperuser, onLogout, pendingScores = 0 }: SignedInNavbarAccountProps) {
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const closeMenu = () => setMenuAnchor(null);
  const links: { to: '/dashboard' | '/books' | '/create-book' | '/downloads'; label: string; icon: ReactNode; inlineFrom: 'lg' | 'wide' }[] = [
    { to: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined />, inlineFrom: 'lg' },
    { to: '/books', label: 'Books', icon: <MenuBookOutlined />, inlineFrom: 'lg' },
    { to: '/downloads', label: 'My downloads', icon: <OfflinePinOutlined />, inlineFrom: 'wide' },
    ...(isSuperuser ? [{ to: '/create-book' as const, label: 'Create Book', icon: <AddCircleOutlineOutlined />, inlineFrom: 'wide' as const }] : []),
  ];
  const pendingLabel = pendingScoresLabel(pendingScores);
  const greeting = `Welcome, ${email}`;
  const inlineSx = (from: 'lg' | 'wide') => (from === 'lg' ? { display: { xs: 'none', lg: 'inline-flex' } } : { display: 'none', [WIDE]: { display: 'inline-flex' } });
  const inMenuSx = (from: 'lg' | 'wide') => (from === 'lg' ? { display: { lg: 'none' } } : {});

  if (variant === 'drawer') {
    return (
      <>
        <ListItem>
          <ListItemText primary={greeting} slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }} />
        </ListItem>
        {pendingScores > 0 && (
          <RouterListItemButton to="/downloads" onClick={onNavigate}>
            <ListItemIcon>
              <SyncProblemOutlined color="warning" />
            </ListItemIcon>
            <ListItemText primary={pendingLabel} />
          </RouterListItemButton>
        )}
        {links.map((link) => (
          <RouterListItemButton key={link.to} to={link.to} onClick={onNavigate} sx={activeDrawer}>
            <ListItemIcon>{link.icon}</ListItemIcon>
            <ListItemText primary={link.label} />
          </RouterListItemButton>
        ))}
        <ListItemButton
          onClick={() => {
            onNavigate?.();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined />
          </ListItemIcon>
          <ListItemText primary="Logout" />
        </ListItemButton>
      </>
    );
  }
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
        <Tooltip title={email}>
          <Typography
            component="span"
            variant="body2"
            data-testid="navbar-greeting"
            tabIndex={0}
            aria-label={greeting}
            sx={{ px: 1, maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', borderRadius: 1 }}
          >
            {greeting}
          </Typography>
        </Tooltip>
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
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', [WIDE]: { display: 'none' } }}
      >
        Account
      </Button>
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={Boolean(menuAnchor)}
        onClose={closeMenu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Typography component="li" role="none" variant="body2" sx={{ px: 2, py: 1, fontWeight: 600, maxWidth: 320, overflowWrap: 'anywhere' }}>
          {greeting}
        </Typography>
        <Divider component="li" role="none" />
        {links.map((link) => (
          <MenuItem
            key={link.to}
            component={RouterLink}
            to={link.to}
            underline="none"
            color="inherit"
            onClick={closeMenu}
            sx={inMenuSx(link.inlineFrom)}
          >
            <ListItemIcon>{link.icon}</ListItemIcon>
            {link.label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            closeMenu();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </Stack>
  );
}
