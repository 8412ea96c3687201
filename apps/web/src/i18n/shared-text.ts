import type { FoundText } from '@caredesk/shared';
import { i18n } from './i18n';

// The texts of packages/shared in the active language, from its catalogue (packages/shared/src/locales).
// English is the schemas' own words and needs no catalogue; another language's chunk brings the
// translations and this finder of English words (load-language.ts), so the first page carries neither.
let findEnglish: ((text: string) => FoundText | undefined) | undefined;
// English words its texts through the catalogue too only in the pseudo-locale (pseudo-locale.ts),
// whose English catalogue is marked: a shared text left as the schema wrote it is then found.
let englishThroughCatalogue = false;

/** Called by pseudo-locale.ts once the shared English catalogue is loaded (in the pseudo-locale). */
export function wordEnglishThroughCatalogue(): void {
  englishThroughCatalogue = true;
}

/** Whether packages/shared's texts are worded through the catalogue: any language but English, and English in the pseudo-locale. */
export const sharedTextsFromCatalogue = (): boolean => i18n.locale !== 'en' || englishThroughCatalogue;

/** Called by load-language.ts with the first language other than English. */
export function setEnglishFinder(finder: (text: string) => FoundText | undefined): void {
  findEnglish ??= finder;
}

/**
 * A shared schema's text in the active language, found by its English words as the server finds
 * it (gettext style): 'Enter the patient’s name' → 'मरीज़ का नाम दर्ज करें', 'At most 500 characters'
 * with its number. A text the catalogue lacks (the server's own, already in the reply's language)
 * stays as it is.
 */
export function sharedText(text: string): string {
  if (!findEnglish || !sharedTextsFromCatalogue()) return text;
  const found = findEnglish(text);
  return found ? i18n._(found.id, found.values) : text;
}
