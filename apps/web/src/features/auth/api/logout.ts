import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { removePushSubscription } from '@/lib/push';
import { clearSession, getRefreshToken } from '@/lib/session';

/** Revokes the session on the server; signing out locally must not depend on it succeeding. */
export async function logout(): Promise<void> {
  // First, while the access token still works: the server forgets this browser's push
  // subscription, so the next user of this browser gets none of this user's notifications.
  await removePushSubscription();
  const refreshToken = getRefreshToken();
  try {
    await http.post('/auth/logout', refreshToken ? { refresh_token: refreshToken } : {}, { skipAuthRefresh: true });
  } catch {
    // Ignored on purpose: an expired or unreachable session is signed out all the same.
  } finally {
    clearSession();
  }
}

export function useLogout(options: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      options.onSettled?.();
    },
  });
}
