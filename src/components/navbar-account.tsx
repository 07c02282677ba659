import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton, RouterListItemButton } from './router-link';

/** Where the navbar's account part is shown: the wide bar or the small-screen drawer. */
export type NavbarAccountVariant = 'bar' | 'drawer';

export interface NavbarAccountProps {
  variant: NavbarAccountVariant;
  /** Called after a link is followed (closes the drawer). */
  onNavigate?: () => void;
}

/**
 * The navbar's account part for a visitor: Login and Register. The root route passes it to the
 * AppShell as a slot; the signed-in version is SignedInNavbarAccount, with the same props.
 */
export function AnonymousNavbarAccount({ variant, onNavigate }: NavbarAccountProps) {
  if (variant === 'drawer') {
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

export interface SignedInNavbarAccountProps extends NavbarAccountProps {
  email: string;
  /** Superusers also get Create Book (SPEC §2, §6). */
  isSuperuser: boolean;
  onLogout: () => void;
}

const activeBar = { '&[data-status="active"]': { bgcolor: 'rgba(255,255,255,0.16)', boxShadow: 'inset 0 -3px 0 #c9a227' } };
const activeDrawer = { '&[data-status="active"]': { bgcolor: 'action.selected', fontWeight: 700 } };

/**
 * The navbar's account part when signed in (SPEC §2): Dashboard, Books, Create Book for
 * superusers, 'Welcome, {email}' and Logout.
 */
export function SignedInNavbarAccount({ variant, onNavigate, email, isSuperuser, onLogout }: SignedInNavbarAccountProps) {
  const links = [
    { to: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
    { to: '/books', label: 'Books', icon: <MenuBookOutlined /> },
    ...(isSuperuser ? [{ to: '/create-book', label: 'Create Book', icon: <AddCircleOutlineOutlined /> }] : []),
  ] as const;

  if (variant === 'drawer') {
    return (
      <>
        <ListItem>
          <ListItemText primary={`Welcome, ${email}`} slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }} />
        </ListItem>
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
      {links.map((link) => (
        <RouterButton key={link.to} to={link.to} color="inherit" sx={{ borderRadius: 1, px: 1.25, whiteSpace: 'nowrap', ...activeBar }}>
          {link.label}
        </RouterButton>
      ))}
      <Typography
        component="span"
        variant="body2"
        title={email}
        sx={{ px: 1, maxWidth: { md: 140, lg: 220 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {`Welcome, ${email}`}
      </Typography>
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
  );
}
