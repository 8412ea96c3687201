import { z } from 'zod';
import { languages } from './language-codes.js';

export { isLanguage, languageNames, languages, type Language } from './language-codes.js';
export const languageSchema = z.enum(languages);
