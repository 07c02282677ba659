import LoginOutlined from '@mui/icons-material/LoginOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
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
 * AppShell as a slot; the signed-in version is SignedInNavbarAccount (signed-in-navbar-account.tsx,
 * a module of its own so that a visitor's pages never load it), with the same props.
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

export type { SignedInNavbarAccountProps } from './signed-in-navbar-account';
