import type { Messages } from '@lingui/core';
import { useCallback, useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import type auth from './locales/en/auth.json';
import type shell from './locales/en/shell.json';

/**
 * The shell's and the sign-in page's message ids (a missing key fails the type check); every
 * other area types its own ids through defineArea below.
 */
export type MessageId = keyof typeof shell | keyof typeof auth;
export type MessageValues = Record<string, string | number>;
export type Translate<Id extends string = MessageId> = (id: Id, values?: MessageValues) => string;

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale;

/**
 * The active language's text for a message id (ICU: plurals, variables); the component renders
 * again when the language changes. A subscription to Lingui's one i18n object rather than
 * @lingui/react's provider: every component of the shell works without a provider around it
 * (the sign-in shell, component tests), and the first load of /sign-in carries less.
 */
export function useT(): Translate {
  return useTranslate<MessageId>();
}

/** A shell text for code that runs outside rendering (an error's text), in the language active at that moment. */
export const t: Translate = (id, values) => i18n._(id, values);

function useTranslate<Id extends string>(): Translate<Id> {
  const locale = useSyncExternalStore(subscribe, activeLocale);
  // A new function for each language, so that memoised users render again.
  return useCallback((id: Id, values?: MessageValues) => i18n._(id, values), [locale]);
}

/**
 * An area's texts (`locales/<lang>/<area>.json`): its English is registered when the area's code
 * loads, so a route's chunk carries its own texts and the first page only the shell's. `useT`
 * renders in the active language and renders again when it changes; `t` is for code that runs
 * later outside rendering (a toast, a validation message), reading the language at that moment.
 *
 *   import type english from '../../i18n/locales/en/appointments.json';
 *   import messages from 'virtual:catalog/en/appointments';
 *   export const { useT, t } = defineArea<keyof typeof english>(messages);
 */
export function defineArea<Id extends string>(english: Messages): { useT: () => Translate<Id>; t: Translate<Id> } {
  i18n.load('en', english);
  return { useT: () => useTranslate<Id>(), t: (id, values) => i18n._(id, values) };
}
