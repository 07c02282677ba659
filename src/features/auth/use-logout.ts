/**
 * Logout as the navbar offers it (SPEC §2): end the session and go to /. When quiz scores are
 * still waiting to sync, the user is asked first (LogoutConfirmation shows the question).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useSyncExternalStore } from 'react';
import { authStore } from './auth-store';
import { pendingScoreCount } from './pending-scores';

/** The open logout question: how many scores would be left unsynced; null when closed. */
let pendingAtLogout: number | null = null;
const listeners = new Set<() => void>();
function setPendingAtLogout(value: number | null) {
  pendingAtLogout = value;
  listeners.forEach((listener) => listener());
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The number of unsynced scores the open logout question is about, or null. */
export function usePendingLogout(): number | null {
  return useSyncExternalStore(subscribe, () => pendingAtLogout, () => null);
}

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /** Signs out now: leaves the protected screens first (so they do not bounce to /login), then ends the session and forgets cached data. */
  const logout = useCallback(async () => {
    setPendingAtLogout(null);
    await navigate({ to: '/' });
    const serverTold = authStore.logout(); // clears this device's session synchronously
    queryClient.clear();
    await serverTold;
  }, [navigate, queryClient]);

  /** Signs out, or opens the question when scores are waiting to sync. */
  const requestLogout = useCallback(async () => {
    const pending = await pendingScoreCount();
    if (pending > 0) setPendingAtLogout(pending);
    else await logout();
  }, [logout]);

  const cancelLogout = useCallback(() => setPendingAtLogout(null), []);

  return { logout, requestLogout, cancelLogout };
}
