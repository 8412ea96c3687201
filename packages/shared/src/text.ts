import { z } from 'zod';

/**
 * Text a person or a client sends. PostgreSQL cannot store NUL (\u0000) in text, so a NUL used to
 * fail the statement (a 500, with the values in the log); other control characters are invisible,
 * break CSV exports and terminals, and no form can type them. Single-line text refuses them all
 * (C0, DEL and C1); multi-line text (notes, messages, addresses, descriptions) keeps tab, newline
 * and carriage return. Every string a request carries goes through one of these.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'Remove control characters from this text';

// Matching control characters is the point of these two patterns.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/** A name, a title, a search term, a token, a URL: no control characters at all. */
export function lineText(): z.ZodString {
  return z.string().regex(SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE);
}

/** Notes, messages, addresses, descriptions: tab and line breaks allowed, other controls not. */
export function multilineText(): z.ZodString {
  return z.string().regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE);
}

/** True when a string has a character lineText() refuses (for checks outside a schema). */
export function hasControlCharacters(text: string): boolean {
  return !SINGLE_LINE.test(text);
}
