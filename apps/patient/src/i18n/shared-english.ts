import { englishTextFinder } from '@caredesk/shared/english-texts';
import english from '@caredesk/shared/locales/en.json';
import { setEnglishFinder } from './field-error';

// A chunk of its own, fetched with the first language other than English (i18n.ts): English
// needs no lookup, so the first page carries neither these texts nor the finder.

/** Lets fieldError find the shared schemas' English texts (packages/shared/src/locales). */
export function registerSharedEnglish(): void {
  setEnglishFinder(englishTextFinder(english));
}
