import { englishTextFinder, languages, type Language } from '@caredesk/shared';
import sharedEn from '@caredesk/shared/locales/en.json' with { type: 'json' };
import sharedHi from '@caredesk/shared/locales/hi.json' with { type: 'json' };
import sharedKn from '@caredesk/shared/locales/kn.json' with { type: 'json' };
import sharedTa from '@caredesk/shared/locales/ta.json' with { type: 'json' };
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import en from '../../i18n/locales/en.json' with { type: 'json' };
import hi from '../../i18n/locales/hi.json' with { type: 'json' };
import kn from '../../i18n/locales/kn.json' with { type: 'json' };
import ta from '../../i18n/locales/ta.json' with { type: 'json' };

/**
 * An id of the server catalogue (src/i18n/locales: what only the server says) or of the shared one
 * (packages/shared/src/locales: the schemas' validation texts and labels, which the console and
 * the patient app read too). Both are checked for parity by packages/catalogues.
 */
export type MessageId = keyof typeof en | keyof typeof sharedEn;
export type MessageValues = Record<string, string | number>;

/** A text to be read by a person, translated when the reply's language is known. */
export interface Text {
  id: MessageId;
  values?: MessageValues;
}

export function text(id: MessageId, values?: MessageValues): Text {
  return values ? { id, values } : { id };
}

const catalogues: Record<Language, Record<string, string>> = {
  en: { ...en, ...sharedEn },
  hi: { ...hi, ...sharedHi },
  kn: { ...kn, ...sharedKn },
  ta: { ...ta, ...sharedTa },
};

// Compiled once, at start-up: a request never parses ICU.
const instances = Object.fromEntries(
  languages.map((language) => {
    const compiled = Object.fromEntries(Object.entries(catalogues[language]).map(([id, message]) => [id, compileMessage(message)]));
    return [language, setupI18n({ locale: language, messages: { [language]: compiled } })];
  }),
) as Record<Language, I18n>;

export function translate(language: Language, id: MessageId, values?: MessageValues): string {
  return instances[language]._(id, values);
}

/**
 * The ids of the server's English texts that take no values. Those texts are their own source, as
 * in gettext: code that throws `new NotFoundError('Patient not found')` names the message by its
 * English words, and a reply in another language finds it here. Its texts with values name their
 * id (`text('billing.onlyDue', { amount })`).
 */
const idsOfEnglish = new Map(
  Object.entries(en)
    .filter(([, message]) => !/[{}]/.test(message))
    .map(([id, message]) => [message, id as MessageId]),
);

/**
 * The schemas' texts, found by their English words too: a validation issue carries only the text
 * its schema wrote, values included ('At most 500 characters' is 'At most {max} characters').
 */
const findSharedText = englishTextFinder(sharedEn);

/** An English text of the server or of the shared schemas in `language`, or undefined when neither catalogue has it. */
export function translateEnglish(language: Language, message: string): string | undefined {
  const id = idsOfEnglish.get(message);
  if (id !== undefined) return translate(language, id);
  const shared = findSharedText(message);
  return shared === undefined ? undefined : translate(language, shared.id as MessageId, shared.values);
}

/**
 * The language an `Accept-Language` header asks for among CareDesk's, by its weights ('hi-IN'
 * counts as 'hi'); undefined when it names none of them. A missing weight is 1, and an entry with
 * q=0 is refused, as RFC 9110 says.
 */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; weight: number } | undefined;
  for (const part of header.split(',')) {
    const [range = '', ...parameters] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0] ?? '';
    const language = languages.find((candidate) => candidate === primary);
    if (!language) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (!(weight > 0)) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language;
}
