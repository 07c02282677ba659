import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { NAVBAR_LINKS } from '../navigation-links';
import { useOpenedOnce } from '../opened-once';
import { RouterListItemButton } from '../router-list-item-button';
import { DrawerAccountLinks, type NavbarAccount } from './account-links';

const Drawer = lazy(() => import('@mui/material/Drawer'));

/** The navbar's drawer below the lg breakpoint: the site's links and the account part. */
export function NavbarDrawer({ open, onClose, account }: { open: boolean; onClose: () => void; account: NavbarAccount }) {
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
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
          <List>
            <DrawerAccountLinks {...account} onNavigate={onClose} />
          </List>
        </Box>
      </Drawer>
    </Suspense>
  );
}
