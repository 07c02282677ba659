import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { authStore, useAuth } from '../auth-store';

/**
 * The protected-route wrapper (SPEC §2): runs the session check when it opens and shows
 * 'Loading...' meanwhile. A user who is not authenticated is sent to /login (replacing the
 * history entry) by the route's guard (route-guards.ts), which runs again whenever the session
 * ends; until it has, nothing protected is shown.
 *
 * Offline (SPEC issue 4): while the network is unreachable the check cannot decide, so the
 * stored user and cached data are kept and the page renders; the check runs again when the
 * browser comes back online (an expired access token is refreshed then, by the API client).
 * Only a session the server refused, or one ended in any tab, leads to /login.
 */
export function ProtectedArea({ children }: { children: ReactNode }) {
  const { accessToken } = useAuth();
  // Offline there is no check to wait for: render from storage at once.
  const [checking, setChecking] = useState(() => navigator.onLine !== false);

  useEffect(() => {
    let open = true;
    if (navigator.onLine !== false) {
      void authStore.checkSession().finally(() => {
        if (open) setChecking(false);
      });
    }
    const recheck = () => void authStore.checkSession();
    window.addEventListener('online', recheck);
    return () => {
      open = false;
      window.removeEventListener('online', recheck);
    };
  }, []);

  if (checking || !accessToken) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 10 }}>
        <CircularProgress size={22} aria-hidden />
        <Typography>Loading...</Typography>
      </Box>
    );
  }
  return children;
}
