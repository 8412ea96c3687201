// Without zod: the console's first load (the sign-in page, lib/session) reads these, and a
// module with schemas would bring zod along (issue 18). languages.ts has the schema.

/**
 * The languages CareDesk speaks (design.md §10): a staff member's console, the organisation's
 * default for new staff and patients. English is the source every catalogue is checked against.
 */
export const languages = ['en', 'hi', 'kn', 'ta'] as const;
export type Language = (typeof languages)[number];

/** Each language named in itself, as a language choice shows it. */
export const languageNames: Record<Language, string> = { en: 'English', hi: 'हिन्दी', kn: 'ಕನ್ನಡ', ta: 'தமிழ்' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
