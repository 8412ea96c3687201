import type { PatientOtpRequest } from '@caredesk/shared';
import { api } from '@/lib/http';

/** POST /api/patient/auth/otp: texts a sign-in code to the phone (+91…). */
export function requestCode(phone: string): Promise<{ expiresInSeconds: number }> {
  return api('/patient/auth/otp', { method: 'POST', body: { phone } satisfies PatientOtpRequest });
}
