import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { RouterListItemButton } from './router-list-item-button';
import { type AccountLink, pendingScoresLabel } from './signed-in-navbar-account';

export interface SignedInNavbarDrawerProps {
  greeting: string;
  links: AccountLink[];
  pendingScores: number;
  /** Closes the drawer. */
  onNavigate?: () => void;
  onLogout: () => void;
}

const activeDrawer = { '&[data-status="active"]': { bgcolor: 'action.selected', fontWeight: 700 } };

/** The signed-in part of the navbar's drawer (below lg): the greeting, waiting scores, the links and Logout. */
export function SignedInNavbarDrawer({ greeting, links, pendingScores, onNavigate, onLogout }: SignedInNavbarDrawerProps) {
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
          <ListItemText primary={pendingScoresLabel(pendingScores)} />
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
