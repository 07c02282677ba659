/**
 * Logout as the navbar offers it (SPEC §2): end the session and go to /. When quiz scores are
 * still waiting to sync, the user is asked first (LogoutConfirmation shows the question, which
 * the auth store holds).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { authStore } from './auth-store';
import { setLeavingAfterLogout } from './route-guards';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /**
   * Signs out now: the session ends on this device at once (on a shared ward device the next
   * person must not find it alive while / loads), the protected screens go to / rather than
   * /login meanwhile, and cached data is forgotten once they are left.
   */
  const logout = useCallback(async () => {
    authStore.setLogoutQuestion(null);
    setLeavingAfterLogout(true);
    const serverTold = authStore.logout(); // clears this device's session synchronously
    try {
      await navigate({ to: '/' });
    } finally {
      setLeavingAfterLogout(false);
    }
    queryClient.clear();
    await serverTold;
  }, [navigate, queryClient]);

  /** Signs out, or opens the question when `pendingScores` (the signed-in user's scores waiting to sync) is above 0. */
  const requestLogout = useCallback(
    async (pendingScores: number) => {
      if (pendingScores > 0) authStore.setLogoutQuestion(pendingScores);
      else await logout();
    },
    [logout],
  );

  const cancelLogout = useCallback(() => authStore.setLogoutQuestion(null), []);

  return { logout, requestLogout, cancelLogout };
}
