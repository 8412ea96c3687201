import { api } from '@/lib/http';
import { clearSession } from '@/lib/session';

/**
 * POST /api/patient/auth/logout ends the session on the server and forgets this browser's push
 * subscription with it; this phone forgets the session and unsubscribes either way, so the next
 * person on it gets none of this account's pushes. The push code loads here, at the tap, to keep
 * it out of the first page.
 */
export async function signOut(): Promise<void> {
  const push = await import('@/lib/push').catch(() => undefined);
  try {
    await api('/patient/auth/logout', { method: 'POST', body: (await push?.signOutPush()) ?? {} });
  } catch {
    // Offline or already ended: the token is dropped below all the same.
  } finally {
    await push?.unsubscribeAfterSignOut();
    clearSession();
  }
}
