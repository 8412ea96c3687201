import { i18n, type Messages } from '@lingui/core';
import english from 'virtual:catalog/en';

/** The app's languages, each named in itself on the switch. English ships in the first bundle. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
] as const;
export type Language = (typeof languages)[number]['code'];

const STORAGE_KEY = 'caredesk.patient.language';
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  hi: () => import('virtual:catalog/hi'),
};

const loaded = new Set<Language>();

function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language.code === value);
}

/** The language chosen before on this phone, else the phone's own when we speak it, else English. */
export function preferredLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  const phone = navigator.language.slice(0, 2);
  return isLanguage(phone) ? phone : 'en';
}

/**
 * Loads the language's catalog (once), switches every mounted text to it, sets <html lang> so
 * screen readers and fonts follow, and remembers the choice. Dates and numbers use the Indian
 * variant of the language (en-IN groups digits 1,00,000).
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    i18n.load(language, language === 'en' ? english : (await loaders[language]()).default);
    loaded.add(language);
  }
  i18n.activate(language, [`${language}-IN`, language]);
  document.documentElement.lang = language;
  localStorage.setItem(STORAGE_KEY, language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

export { i18n };
