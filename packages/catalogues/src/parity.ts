import { catalogueLanguages, readCatalogue } from './read-catalogue.ts';
import { placeholders } from './placeholders.ts';

/** The language every other is checked against: the one the code is written in. */
export const SOURCE_LANGUAGE = 'en';

/**
 * What is wrong with a locales folder, one line each: a message id missing from a language or
 * found only there, a translation whose ICU arguments differ from the English ones, a message
 * that does not parse. An empty list is a folder every language of which is complete.
 */
export function catalogueProblems(localesDir: string): string[] {
  const problems: string[] = [];
  const source = readCatalogue(localesDir, SOURCE_LANGUAGE);
  const expected = new Map<string, string[]>();
  for (const [id, message] of Object.entries(source)) {
    try {
      expected.set(id, placeholders(message));
    } catch (error) {
      problems.push(`${SOURCE_LANGUAGE}: ${id} does not parse (${(error as Error).message})`);
    }
  }
  for (const language of catalogueLanguages(localesDir)) {
    if (language === SOURCE_LANGUAGE) continue;
    const catalogue = readCatalogue(localesDir, language);
    for (const id of Object.keys(source)) if (!(id in catalogue)) problems.push(`${language}: ${id} is missing`);
    for (const [id, message] of Object.entries(catalogue)) {
      if (!(id in source)) {
        problems.push(`${language}: ${id} is not in ${SOURCE_LANGUAGE}`);
        continue;
      }
      let found: string[];
      try {
        found = placeholders(message);
      } catch (error) {
        problems.push(`${language}: ${id} does not parse (${(error as Error).message})`);
        continue;
      }
      const wanted = expected.get(id);
      if (wanted && found.join(' ') !== wanted.join(' ')) problems.push(`${language}: ${id} has {${found.join('} {')}}, ${SOURCE_LANGUAGE} has {${wanted.join('} {')}}`);
    }
  }
  return problems;
}
