/**
 * The localStorage key a test sets to 'on' before a page loads: the console and the patient app
 * then start in the pseudo-locale (./pseudo-locale.ts). A module of its own, because the apps'
 * first page reads it: the pseudo-locale's code comes only with the chunk a test asks for.
 */
export const PSEUDO_LOCALE_KEY = 'caredesk.pseudo-locale';
