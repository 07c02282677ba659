import CloseOutlined from '@mui/icons-material/CloseOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { NavbarProps } from './navbar';
import { NAVBAR_LINKS } from './navigation-links';
import { RouterListItemButton } from './router-list-item-button';

export interface NavbarDrawerProps {
  open: boolean;
  onClose: () => void;
  renderAccount: NavbarProps['renderAccount'];
}

/**
 * The navbar's drawer below the lg breakpoint: the spec's links and the account part. Loaded
 * when the Menu button is first pressed, or once the page is shown (navbar.tsx): MUI's drawer,
 * modal, focus trap, transitions and list items are not needed to show a page.
 */
export function NavbarDrawer({ open, onClose, renderAccount }: NavbarDrawerProps) {
  return (
    <Drawer id="navigation-drawer" anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 'min(320px, 85vw)' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Typography component="span" sx={{ fontWeight: 800 }}>
          Menu
        </Typography>
        <IconButton aria-label="Close navigation menu" onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main">
        <List>
          {NAVBAR_LINKS.map((link) => (
            <RouterListItemButton
              key={link.to}
              to={link.to}
              onClick={onClose}
              sx={{ '&[data-status="active"]': { bgcolor: 'action.selected', fontWeight: 700 } }}
            >
              <ListItemText primary={link.label} />
            </RouterListItemButton>
          ))}
        </List>
        <Divider />
        <List>{renderAccount('drawer', onClose)}</List>
      </Box>
    </Drawer>
  );
}

/** A visitor's links in the drawer, with their icons. */
const VISITOR_LINKS = [
  { to: '/login', label: 'Login', icon: <LoginOutlined /> },
  { to: '/register', label: 'Register', icon: <PersonAddAltOutlined /> },
] as const;

/** A visitor's part of the drawer: Login and Register (navbar-account-section.tsx renders it there). */
export function AnonymousNavbarDrawer({ onNavigate }: { onNavigate?: () => void }) {
  return VISITOR_LINKS.map((link) => (
    <RouterListItemButton key={link.to} to={link.to} onClick={onNavigate}>
      <ListItemIcon>{link.icon}</ListItemIcon>
      <ListItemText primary={link.label} />
    </RouterListItemButton>
  ));
}
