import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { RouterLink } from './router-link';
import type { AccountLink } from './signed-in-navbar-account';

// The greeting's tooltip (from 1280 px) comes with the menu's code: one chunk for what the bar shows on demand.
export { default as Tooltip } from '@mui/material/Tooltip';

export interface AccountMenuProps {
  id: string;
  /** The 'Account' button while the menu is open, else null. */
  anchorEl: HTMLElement | null;
  onClose: () => void;
  greeting: string;
  links: AccountLink[];
  onLogout: () => void;
}

/** The bar's 'Account' menu (lg to 1280 px): the greeting, the links not inline at this width, and Logout. */
export function AccountMenu({ id, anchorEl, onClose, greeting, links, onLogout }: AccountMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
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
          onClick={onClose}
          // The links inline from lg are in the bar itself.
          sx={link.inlineFrom === 'lg' ? { display: { lg: 'none' } } : {}}
        >
          <ListItemIcon>{link.icon}</ListItemIcon>
          {link.label}
        </MenuItem>
      ))}
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutOutlined />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
