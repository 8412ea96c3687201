import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, MULTI_LINE, SINGLE_LINE } from './text-patterns.js';

export * from './text-patterns.js';

/** A name, a title, a search term, a token, a URL: no control characters at all. */
export function lineText(): z.ZodString {
  return z.string().regex(SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE);
}

/** Notes, messages, addresses, descriptions: tab and line breaks allowed, other controls not. */
export function multilineText(): z.ZodString {
  return z.string().regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE);
}
