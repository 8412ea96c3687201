/**
 * The pseudo-locale (issue 20): every catalogue message, as the apps render it, accented and
 * wrapped in PSEUDO_OPEN…PSEUDO_CLOSE. A text on a page that is plain English after that never
 * came through a catalogue: e2e/pseudo-locale.spec.ts walks the apps in it to find such texts.
 * It works on compiled messages (what the vite plugin ships), so placeholders, plurals and
 * selects are formatted by Lingui as usual and only their literal parts change. This module
 * runs in the browser: no Node imports.
 */

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** A compiled ICU message (@lingui/message-utils' compileMessage): literals, and [name, type?, options?] tokens. */
export type CompiledMessage = string | CompiledPart[];
type CompiledPart = string | [name: string, type?: string, format?: unknown];

// Each ASCII letter's accented twin: still readable, so a tester can find their way round.
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçđéƒĝĥíĵķĺɱñóƥǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ';

/** A message tag (<0>, </strong>, <br/>) passes untouched: Lingui's Trans matches it by name. */
const TAG = /(<\/?[\w-]+\s*\/?>)/;

function accent(literal: string): string {
  return literal
    .split(TAG)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/[A-Za-z]/g, (letter) => ACCENTED.charAt(PLAIN.indexOf(letter)))))
    .join('');
}

function part(piece: CompiledPart): CompiledPart {
  if (typeof piece === 'string') return accent(piece);
  const [name, type, format] = piece;
  // A plural's or select's branches are messages of their own; a number's or date's format is code.
  if ((type === 'plural' || type === 'selectordinal' || type === 'select') && typeof format === 'object' && format !== null) {
    // A plural's offset is a number, not a branch.
    const branches = Object.fromEntries(
      Object.entries(format).map(([key, branch]) => [key, typeof branch === 'string' || Array.isArray(branch) ? inner(branch as CompiledMessage) : branch]),
    );
    return [name, type, branches];
  }
  return piece;
}

function inner(message: CompiledMessage): CompiledMessage {
  return typeof message === 'string' ? accent(message) : message.map(part);
}

/** One compiled message in the pseudo-locale: accented literals, the whole between the markers. */
export function pseudoLocalise(message: CompiledMessage): CompiledMessage {
  return typeof message === 'string' ? `${PSEUDO_OPEN}${accent(message)}${PSEUDO_CLOSE}` : [PSEUDO_OPEN, ...message.map(part), PSEUDO_CLOSE];
}

/** A catalogue of compiled messages in the pseudo-locale. */
export function pseudoLocaliseAll<Messages extends Record<string, unknown>>(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, pseudoLocalise(message as CompiledMessage)])) as Messages;
}

/** Marks a Lingui class already switched. */
const SWITCHED = '__caredeskPseudoLocale';

type Messages = Record<string, unknown>;
/** Lingui's I18n.load, both ways of calling it: one locale's messages, or every locale's. */
type Load = (localeOrMessages: string | Record<string, Messages>, messages?: Messages) => void;
/** What the switch uses of a Lingui instance (typed here, not by @lingui/core: each app resolves its own copy of its types). */
interface LinguiInstance {
  readonly locale: string;
  readonly messages: Messages;
  load(locale: string, messages: Messages): void;
}

/**
 * From now on every English catalogue loaded into a Lingui instance (the app's own, and any made
 * later, such as the waiting-room display's English beside the console's language) is loaded in
 * the pseudo-locale, and so is the English `instances` already hold. Other languages stay as they
 * are. Patching the class rather than each instance reaches the instances the app creates later.
 */
export function switchToPseudoLocale(i18nClass: { prototype: object }, instances: readonly LinguiInstance[]): void {
  const prototype = i18nClass.prototype as { load: Load; [SWITCHED]?: true };
  if (prototype[SWITCHED]) return;
  prototype[SWITCHED] = true;
  const load = prototype.load;
  prototype.load = function (this: unknown, localeOrMessages, messages) {
    if (typeof localeOrMessages === 'string') return load.call(this, localeOrMessages, localeOrMessages === 'en' && messages ? pseudoLocaliseAll(messages) : messages);
    const all = Object.fromEntries(Object.entries(localeOrMessages).map(([locale, each]) => [locale, locale === 'en' ? pseudoLocaliseAll(each) : each]));
    return load.call(this, all);
  };
  for (const instance of instances) if (instance.locale === 'en') instance.load('en', { ...instance.messages });
}
