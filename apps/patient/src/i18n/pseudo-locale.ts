import { switchToPseudoLocale } from '@caredesk/catalogues/pseudo-locale';
import { I18n } from '@lingui/core';
import { i18n } from './i18n';

/**
 * The patient app in the pseudo-locale (e2e/pseudo-locale.spec.ts): a chunk of its own, fetched
 * only when a test has set PSEUDO_LOCALE_KEY, and run before the first language is activated.
 */
export function installPseudoLocale(): void {
  switchToPseudoLocale(I18n, [i18n]);
}
