import { isLanguage, languages, type Language } from '@caredesk/shared';
import { i18n } from '@lingui/core';
import auth from 'virtual:catalog/en/auth';
import shell from 'virtual:catalog/en/shell';

/** This browser's last language: the sign-in page and a first paint show it before the account answers. */
const STORAGE_KEY = 'caredesk.language';

/** Dates and numbers in each language's Indian variant (en-IN groups digits 1,00,000). */
const locales = (language: Language) => [`${language}-IN`, language];

// The first page carries the shell's and the sign-in page's English only; every other area's
// English comes with its own route chunk (defineArea in use-t.ts).
i18n.load('en', { ...shell, ...auth });
i18n.activate('en', locales('en'));
const loaded = new Set<Language>(['en']);

export function storedLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isLanguage(saved) ? saved : 'en';
}

let latest: Language = 'en';

/**
 * Loads the language's catalogue and script font (once), then switches every mounted text to it,
 * sets <html lang> (screen readers, hyphenation, the font stack) and remembers it in this browser.
 * Two quick choices in a row end in the later one, whichever catalogue arrives first.
 */
export async function activateLanguage(language: Language): Promise<void> {
  latest = language;
  // English is in the first bundle and dayjs starts in English; another language's catalogue and
  // dates come with load-language when first chosen, and so does the way back to English dates.
  const other = language !== 'en' || loaded.size > 1 ? await import('./load-language') : null;
  if (other && !loaded.has(language) && language !== 'en') {
    i18n.load(language, await other.loadLanguage(language));
    loaded.add(language);
  }
  if (latest !== language) return;
  other?.switchDateLocale(language);
  if (i18n.locale !== language) i18n.activate(language, locales(language));

  document.documentElement.lang = language;
  localStorage.setItem(STORAGE_KEY, language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

export { i18n, languages };
