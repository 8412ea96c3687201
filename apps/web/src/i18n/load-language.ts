import { englishTextFinder, type Language } from '@caredesk/shared';
import sharedEnglish from '@caredesk/shared/locales/en.json';
import type { Messages } from '@lingui/core';
import dayjs from 'dayjs';
import { setEnglishFinder } from './shared-text';

// A module of its own, fetched with the first language other than English: the first load of
// /sign-in carries one import() for all of it instead of one per catalogue and font file.

const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  hi: () => import('virtual:catalog/hi'),
  kn: () => import('virtual:catalog/kn'),
  ta: () => import('virtual:catalog/ta'),
};

/**
 * Each Indian script's faces, self-hosted (the CSP allows fonts from our own origin only) and
 * declared only once its language is chosen, so English pages never download them.
 */
const fonts: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  hi: () => import('./fonts/hi.css'),
  kn: () => import('./fonts/kn.css'),
  ta: () => import('./fonts/ta.css'),
};

/**
 * dayjs's month and weekday names and its relative times ('3 मिनट पहले'); each file registers
 * itself with dayjs when it runs. Their digits stay Latin: none of the three rewrites numbers.
 */
const dateLocales: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  hi: () => import('dayjs/locale/hi'),
  kn: () => import('dayjs/locale/kn'),
  ta: () => import('dayjs/locale/ta'),
};

/**
 * The language's compiled catalogue (with packages/shared's texts), with its script's font declared
 * and its dates' names registered; a font that fails to load leaves the system's own. The shared
 * texts are found by their English words, whose index comes with this chunk, not the first page.
 */
export async function loadLanguage(language: Exclude<Language, 'en'>): Promise<Messages> {
  setEnglishFinder(englishTextFinder(sharedEnglish));
  const [{ default: messages }] = await Promise.all([catalogues[language](), dateLocales[language](), fonts[language]().catch(() => undefined)]);
  return messages;
}

/** lib/format.ts's dates from now on in `language` (its dayjs locale loaded by loadLanguage; English is dayjs's own). */
export function switchDateLocale(language: Language): void {
  dayjs.locale(language);
}
