// Without zod, as roles.ts: the sign-in page checks its fields with these on its first load.

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
export const SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F]*$/;
// eslint-disable-next-line no-control-regex
export const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/** True when a string has a character lineText() refuses (for checks outside a schema). */
export function hasControlCharacters(text: string): boolean {
  return !SINGLE_LINE.test(text);
}
