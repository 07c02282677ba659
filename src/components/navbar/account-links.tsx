/**
 * The navbar's account part, in the bar and in the drawer: Login and Register for a visitor;
 * for a signed-in user the scores waiting to sync, Dashboard, Books, My downloads, Practice, Create Book
 * (superusers, SPEC §2), Messages (superusers), 'Welcome, {email}' and Logout, in one row with the
 * search field. Below 1366 px the greeting and Logout, and below 1800 px My downloads, Practice, Create
 * Book and Messages, are in the bar's 'Account' menu (and in the drawer); while scores wait to sync,
 * their link takes the room: the greeting and Logout are inline from 1536 px, the others stay in the menu.
 * The menu holds only items it shows: a hidden item there would take the keyboard's focus when the menu
 * opens, and lose it.
 */
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import OfflinePinOutlined from '@mui/icons-material/OfflinePinOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useOpenedOnce } from '../opened-once';
import { RouterButton, RouterLink } from '../router-link';
import { RouterListItemButton } from '../router-list-item-button';

/** Who the navbar is for: the signed-in user (null for a visitor), their scores waiting to sync, and Logout. */
export interface NavbarAccount {
  user: { email: string; isSuperuser: boolean } | null;
  pendingScores: number;
  onLogout: () => void;
}

/** A signed-in page of the navbar, and from which width it is inline in the bar. */
interface AccountLink {
  to: '/dashboard' | '/books' | '/practice' | '/create-book' | '/downloads' | '/messages';
  label: string;
  icon: ReactNode;
  inlineFrom: 'lg' | 'full';
}

const Menu = lazy(() => import('@mui/material/Menu'));
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** '1 score to sync', '3 scores to sync'. */
export const pendingScoresLabel = (count: number) => `${count} ${count === 1 ? 'score' : 'scores'} to sync`;

/** From this width the greeting and Logout are inline in the bar. */
const WIDE = '@media (min-width: 1366px)';
/** With scores to sync (their link takes ~175 px), from this width; below it the greeting would be cut to a few letters. */
const WIDE_BESIDE_PENDING = '@media (min-width: 1536px)';
/** From this width every signed-in link is inline too, and the 'Account' menu goes (while no scores wait: beside their link, a superuser's bar holds them at no width). */
const FULL = '@media (min-width: 1800px)';

/** The bar's buttons keep their width (a squeezed one would spill its text over the next); the greeting gives way instead. */
const barButton = { borderRadius: 1, px: 1.25, whiteSpace: 'nowrap', flexShrink: 0 } as const;
const activeBar = { '&[data-status="active"]': { bgcolor: 'rgba(255,255,255,0.16)', boxShadow: 'inset 0 -3px 0 #c9a227' } };
const activeDrawer = { '&[data-status="active"]': { bgcolor: 'action.selected', fontWeight: 700 } };

function accountLinks(isSuperuser: boolean): AccountLink[] {
  return [
    { to: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined />, inlineFrom: 'lg' },
    { to: '/books', label: 'Books', icon: <MenuBookOutlined />, inlineFrom: 'lg' },
    { to: '/downloads', label: 'My downloads', icon: <OfflinePinOutlined />, inlineFrom: 'full' },
    { to: '/practice', label: 'Practice', icon: <TimerOutlined />, inlineFrom: 'full' },
    ...(isSuperuser ? [{ to: '/create-book' as const, label: 'Create Book', icon: <AddCircleOutlineOutlined />, inlineFrom: 'full' as const }] : []),
    ...(isSuperuser ? [{ to: '/messages' as const, label: 'Messages', icon: <MailOutlined />, inlineFrom: 'full' as const }] : []),
  ];
}

/** The account part in the bar (from the lg breakpoint). */
export function BarAccountLinks({ user, pendingScores, onLogout }: NavbarAccount) {
  const menuId = useId();
  const menuButtonId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // Each opening is a fresh menu, whose focus starts on its first item (the menu button pattern), not where it was left.
  const [menuOpenings, setMenuOpenings] = useState(0);
  const closeMenu = () => setMenuAnchor(null);
  const menuOpened = useOpenedOnce(menuAnchor !== null);
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const pending = pendingScores > 0;
  /** From this width the greeting and Logout are inline; below it the greeting is hidden, with no tooltip (none of its code on a phone). */
  const greetingFrom = pending ? WIDE_BESIDE_PENDING : WIDE;
  const greetingShown = useMediaQuery(greetingFrom, { noSsr: true });
  if (!user) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <RouterButton to="/login" color="inherit" variant="text">
          Login
        </RouterButton>
        <RouterButton to="/register" variant="contained" sx={{ bgcolor: '#ffffff', color: 'primary.main', '&:hover': { bgcolor: '#e6f0f4' } }}>
          Register
        </RouterButton>
      </Stack>
    );
  }
  const links = accountLinks(user.isSuperuser);
  const greeting = `Welcome, ${user.email}`;
  const greetingText = (
    <Typography
      component="span"
      variant="body2"
      data-testid="navbar-greeting"
      tabIndex={0}
      aria-label={greeting}
      // Held open while pointed at or focused, also when that began before the tooltip's code had loaded.
      onMouseEnter={() => setTooltipOpen(true)}
      onMouseLeave={() => setTooltipOpen(false)}
      onFocus={() => setTooltipOpen(true)}
      onBlur={() => setTooltipOpen(false)}
      // Room for an address of ordinary length whole; a longer one ends with an ellipsis, whole in the tooltip.
      sx={{ px: 1, maxWidth: 360, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', borderRadius: 1 }}
    >
      {greeting}
    </Typography>
  );
  const inlineSx = (from: AccountLink['inlineFrom']) =>
    from === 'lg' ? { display: { xs: 'none', lg: 'inline-flex' } } : { display: 'none', ...(pending ? {} : { [FULL]: { display: 'inline-flex' } }) };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {pending && (
        <RouterButton to="/downloads" color="inherit" startIcon={<SyncProblemOutlined />} sx={{ ...barButton, bgcolor: 'rgba(201,162,39,0.35)' }}>
          {pendingScoresLabel(pendingScores)}
        </RouterButton>
      )}
      {links.map((link) => (
        <RouterButton key={link.to} to={link.to} color="inherit" sx={{ ...barButton, ...activeBar, ...inlineSx(link.inlineFrom) }}>
          {link.label}
        </RouterButton>
      ))}
      <Stack direction="row" spacing={0.5} sx={{ display: 'none', [greetingFrom]: { display: 'flex' }, alignItems: 'center', minWidth: 0 }}>
        {/* The whole address on hover and focus, where a long one is cut; the tooltip (Popper) loads where the greeting shows. */}
        {greetingShown ? (
          <Suspense fallback={greetingText}>
            <Tooltip title={user.email} open={tooltipOpen} onOpen={() => setTooltipOpen(true)} onClose={() => setTooltipOpen(false)}>
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
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, borderColor: 'rgba(255,255,255,0.7)' }}
        >
          Logout
        </Button>
      </Stack>
      <Button
        id={menuButtonId}
        color="inherit"
        startIcon={<AccountCircleOutlined />}
        // The visible label starts the accessible name (label in name).
        aria-label={`Account menu (${user.email})`}
        aria-controls={menuAnchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={Boolean(menuAnchor)}
        onClick={(event) => {
          setMenuAnchor(event.currentTarget);
          setMenuOpenings((count) => count + 1);
        }}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, ...(pending ? {} : { [FULL]: { display: 'none' } }) }}
      >
        Account
      </Button>
      {menuOpened && (
        <Suspense fallback={null}>
          <Menu
            key={menuOpenings}
            id={menuId}
            anchorEl={menuAnchor}
            open={Boolean(menuAnchor)}
            onClose={closeMenu}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{ list: { 'aria-labelledby': menuButtonId } }}
          >
            <Typography component="li" role="none" variant="body2" sx={{ px: 2, py: 1, fontWeight: 600, maxWidth: 320, overflowWrap: 'anywhere' }}>
              {greeting}
            </Typography>
            <Divider component="li" role="none" />
            {/* The bar shows the menu's button from lg only, where Dashboard and Books are inline beside it. */}
            {links
              .filter((link) => link.inlineFrom === 'full')
              .map((link) => (
                <MenuItem key={link.to} component={RouterLink} to={link.to} underline="none" color="inherit" onClick={closeMenu}>
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
        </Suspense>
      )}
    </Stack>
  );
}

/** The account part in the drawer (below the lg breakpoint); `onNavigate` closes the drawer. */
export function DrawerAccountLinks({ user, pendingScores, onLogout, onNavigate }: NavbarAccount & { onNavigate: () => void }) {
  if (!user) {
    return (
      <>
        <RouterListItemButton to="/login" onClick={onNavigate}>
          <ListItemIcon>
            <LoginOutlined />
          </ListItemIcon>
          <ListItemText primary="Login" />
        </RouterListItemButton>
        <RouterListItemButton to="/register" onClick={onNavigate}>
          <ListItemIcon>
            <PersonAddAltOutlined />
          </ListItemIcon>
          <ListItemText primary="Register" />
        </RouterListItemButton>
      </>
    );
  }
  return (
    <>
      <ListItem>
        <ListItemText primary={`Welcome, ${user.email}`} slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }} />
      </ListItem>
      {pendingScores > 0 && (
        <RouterListItemButton to="/downloads" onClick={onNavigate}>
          <ListItemIcon>
            <SyncProblemOutlined color="warning" />
          </ListItemIcon>
          <ListItemText primary={pendingScoresLabel(pendingScores)} />
        </RouterListItemButton>
      )}
      {accountLinks(user.isSuperuser).map((link) => (
        <RouterListItemButton key={link.to} to={link.to} onClick={onNavigate} sx={activeDrawer}>
          <ListItemIcon>{link.icon}</ListItemIcon>
          <ListItemText primary={link.label} />
        </RouterListItemButton>
      ))}
      <ListItemButton
        onClick={() => {
          onNavigate();
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
