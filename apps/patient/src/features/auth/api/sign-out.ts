import { api } from '@/lib/http';
import { clearSession } from '@/lib/session';

/** POST /api/patient/auth/logout ends the session on the server; this phone forgets it either way. */
export async function signOut(): Promise<void> {
  try {
    await api('/patient/auth/logout', { method: 'POST' });
  } catch {
    // Offline or already ended: the token is dropped below all the same.
  } finally {
    clearSession();
  }
}
