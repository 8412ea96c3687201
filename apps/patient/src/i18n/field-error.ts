import type { FoundText } from '@caredesk/shared/english-texts';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

let findEnglish: ((text: string) => FoundText | undefined) | undefined;

/** Called by shared-english.ts, which activateLanguage loads with the first language other than English. */
export function setEnglishFinder(finder: (text: string) => FoundText | undefined): void {
  findEnglish ??= finder;
}

function worded(text: string, translate: (id: string, values?: Record<string, string>) => string): string {
  if (i18n.locale === 'en' || !findEnglish) return text;
  const found = findEnglish(text);
  return found ? translate(found.id, found.values) : text;
}

/**
 * A field error in the app's language. The server words its refusals in the language the request
 * was sent in; one of the shared schemas' texts (packages/shared/src/locales) is found by its
 * English words, as the server finds it, so an error follows the language switch and an English
 * one is said in the language shown. Anything else is shown as it came.
 */
export function fieldError(text: string): string {
  return worded(text, (id, values) => i18n._(id, values));
}

/** fieldError for rendering: the component renders again when the language changes. */
export function useFieldError(): (text: string) => string {
  const { _ } = useLingui();
  return useCallback((text: string) => worded(text, (id, values) => _(id, values)), [_]);
}
