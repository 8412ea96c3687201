import type { PatientAccount, PatientAccountUpdate, PatientSession } from '@caredesk/shared';
import { api } from '@/lib/http';
import { currentSession } from '@/lib/session';
import { activateLanguage, chosenLanguage, isLanguage, type Language } from './i18n';

/** PATCH /api/patient/account: the account's language, which its records' messages follow too. */
function saveAccountLanguage(language: Language): Promise<PatientAccount> {
  return api<PatientAccount>('/patient/account', { method: 'PATCH', body: { language } satisfies PatientAccountUpdate });
}

/**
 * The switch's choice: the screen changes at once and, when someone is signed in, their account
 * keeps it (their WhatsApp and SMS messages follow, and another phone opens in it). A failed save
 * (no signal) leaves the phone's choice standing; the next choice saves again.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  if (currentSession()) await saveAccountLanguage(language).catch(() => undefined);
}

/**
 * Signing in: the app opens in the language the account chose (on any phone), switched before the
 * session is kept so the next page renders once, in it; an account that never chose takes the one
 * chosen on this phone before signing in, so its messages come in it.
 */
export async function signInWithLanguage(session: PatientSession, keepSession: (session: PatientSession) => void): Promise<void> {
  const accountLanguage = session.account.language;
  if (isLanguage(accountLanguage)) await activateLanguage(accountLanguage);
  keepSession(session);
  const chosen = chosenLanguage();
  if (!isLanguage(accountLanguage) && chosen) await saveAccountLanguage(chosen).catch(() => undefined);
}
