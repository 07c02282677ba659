import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { authStore, useAuth } from '../auth-store';
import { AREA_CHECK_REUSE_MS } from '../route-guards';

/**
 * The protected-route wrapper (SPEC §2): runs the session check when it opens and shows
 * 'Loading...' meanwhile. The area's guard (route-guards.ts, enterProtectedArea) has usually
 * started that check already, beside the route loaders: the wrapper joins it while it runs, or
 * takes its answer when it has just ended (AREA_CHECK_REUSE_MS), so one request is sent, not
 * two, and a page whose check is done renders at once. A user who is not authenticated is sent
 * to /login (replacing the history entry) by the route's guard, which runs again whenever the
 * session ends; until it has, nothing protected is shown.
 *
 * Offline (SPEC issue 4): while the network is unreachable the check cannot decide, so the
 * stored user and cached data are kept and the page renders; the check runs again when the
 * browser comes back online (an expired access token is refreshed then, by the API client).
 * Only a session the server refused, or one ended in any tab, leads to /login.
 *
 * The area is at least as tall as the screen, whatever it shows ('Loading...', a page's pending
 * screen such as 'Loading book...', the page): the footer starts below the fold, so nothing the
 * user sees moves when one replaces another (the footer's jump was a layout shift of about 0.7).
 */
export function ProtectedArea({ children }: { children: ReactNode }) {
  const { accessToken } = useAuth();
  // Offline there is no check to wait for: render from storage at once. Nor when the check
  // the guard started has just answered.
  const [checking, setChecking] = useState(() => navigator.onLine !== false && authStore.recentSessionCheck(AREA_CHECK_REUSE_MS) === null);

  useEffect(() => {
    let open = true;
    if (navigator.onLine !== false) {
      void authStore.checkSession({ reuseWithinMs: AREA_CHECK_REUSE_MS }).finally(() => {
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

  return checking || !accessToken ? <AreaLoading /> : <AreaFrame>{children}</AreaFrame>;
}

/**
 * At least a screen tall, whatever it shows ('Loading...', a page's pending screen, the page):
 * the footer starts below the fold, so nothing the user sees moves when one replaces another.
 */
function AreaFrame({ children }: { children: ReactNode }) {
  return <Box sx={{ minHeight: '100vh' }}>{children}</Box>;
}

/**
 * 'Loading...' while the session check runs; the build's app shell (entry-prerender) shows the same
 * until the app starts. At the start of its line, where a page's own 'Loading…' is: a phone may
 * paint the shell before its HTML is wholly parsed, and a centred line would move as its words came.
 */
export function AreaLoading() {
  return (
    <AreaFrame>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 6, px: { xs: 2, sm: 3 }, maxWidth: 'md', mx: 'auto' }}>
        <CircularProgress size={22} aria-hidden />
        <Typography>Loading...</Typography>
      </Box>
    </AreaFrame>
  );
}
