import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type english from './locales/en.json';

/** Every message id, from the English catalog: a missing key fails the type check. */
export type MessageId = keyof typeof english;
export type MessageValues = Record<string, string | number>;

/** The active language's text for a message id (ICU: plurals, variables). */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { _ } = useLingui();
  return useCallback((id: MessageId, values?: MessageValues) => _(id, values), [_]);
}
