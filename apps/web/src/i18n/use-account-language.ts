import type { Language } from '@caredesk/shared';
import { useEffect } from 'react';
import { activateLanguage, currentLanguage } from './i18n';

/**
 * The console speaks the signed-in account's language: after a sign-in here, and when the
 * account's language was changed in another browser (GET /api/me carries it). A choice made
 * in this browser is applied before it is saved, so this then finds it active already.
 */
export function useAccountLanguage(language: Language | undefined): void {
  useEffect(() => {
    if (language && language !== currentLanguage()) void activateLanguage(language);
  }, [language]);
}
