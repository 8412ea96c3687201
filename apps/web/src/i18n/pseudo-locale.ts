import { switchToPseudoLocale } from '@caredesk/catalogues/pseudo-locale';
import { englishTextFinder } from '@caredesk/shared';
import sharedEnglishSource from '@caredesk/shared/locales/en.json';
import { I18n } from '@lingui/core';
import sharedEnglish from 'virtual:catalog/en/shared';
import { i18n } from './i18n';
import { setEnglishFinder, wordEnglishThroughCatalogue } from './shared-text';

/**
 * The console in the pseudo-locale (e2e/pseudo-locale.spec.ts): a chunk of its own, fetched only
 * when a test has set PSEUDO_LOCALE_KEY, and run before any area's texts are registered.
 */
export function installPseudoLocale(): void {
  switchToPseudoLocale(I18n, [i18n]);
  // packages/shared's texts too (validation messages, labels), which English otherwise shows as
  // the schemas wrote them: loaded after the switch, so in the pseudo-locale.
  i18n.load('en', sharedEnglish);
  setEnglishFinder(englishTextFinder(sharedEnglishSource));
  wordEnglishThroughCatalogue();
}
