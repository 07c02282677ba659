/**
 * Logout as the navbar offers it (SPEC §2): end the session and go to /. When quiz scores are
 * still waiting to sync, the user is asked first (LogoutConfirmation shows the question, which
 * the auth store holds).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { authStore } from './auth-store';
import { pendingScoreCount } from './pending-scores';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /** Signs out now: leaves the protected screens first (so they do not bounce to /login), then ends the session and forgets cached data. */
  const logout = useCallback(async () => {
    authStore.setLogoutQuestion(null);
    await navigate({ to: '/' });
    const serverTold = authStore.logout(); // clears this device's session synchronously
    queryClient.clear();
    await serverTold;
  }, [navigate, queryClient]);

  /** Signs out, or opens the question when scores are waiting to sync. */
  const requestLogout = useCallback(async () => {
    const pending = await pendingScoreCount();
    if (pending > 0) authStore.setLogoutQuestion(pending);
    else await logout();
  }, [logout]);

  const cancelLogout = useCallback(() => authStore.setLogoutQuestion(null), []);

  return { logout, requestLogout, cancelLogout };
}
