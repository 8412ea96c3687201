import { i18n, type Messages } from '@lingui/core';
import english from 'virtual:catalog/en';
import { installScriptFont } from './fonts';

/**
 * The app's languages, each named in itself on the switch. English ships in the first bundle;
 * each other one is a chunk of its own (its catalog and its script's faces), fetched when chosen.
 */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'kn', name: 'ಕನ್ನಡ' },
  { code: 'ta', name: 'தமிழ்' },
] as const;
export type Language = (typeof languages)[number]['code'];

const STORAGE_KEY = 'caredesk.patient.language';
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  hi: () => import('virtual:catalog/hi'),
  kn: () => import('virtual:catalog/kn'),
  ta: () => import('virtual:catalog/ta'),
};

const loaded = new Set<Language>();

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language.code === value);
}

/** The language someone chose on this phone (the switch, or their account at sign-in), if any. */
export function chosenLanguage(): Language | null {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isLanguage(saved) ? saved : null;
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
 * variant of the language (en-IN groups digits 1,00,000; kn-IN and ta-IN name months in their script).
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (language !== 'en') void installScriptFont(language);
  if (!loaded.has(language)) {
    if (language === 'en') i18n.load(language, english);
    else {
      // The shared texts' English finder comes with the first other language, not the first page.
      const [{ default: messages }, { registerSharedEnglish }] = await Promise.all([loaders[language](), import('./shared-english')]);
      registerSharedEnglish();
      i18n.load(language, messages);
    }
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
