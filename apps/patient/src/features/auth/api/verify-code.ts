import type { PatientSession, PatientVerifyRequest } from '@caredesk/shared';
import { signInWithLanguage } from '@/i18n/account-language';
import { api } from '@/lib/http';
import { saveSession } from '@/lib/session';

/** POST /api/patient/auth/verify: signs in with the code; the session is kept on this phone, in the account's language. */
export async function verifyCode(phone: string, code: string): Promise<void> {
  const session = await api<PatientSession>('/patient/auth/verify', { method: 'POST', body: { phone, code } satisfies PatientVerifyRequest });
  await signInWithLanguage(session, saveSession);
}
