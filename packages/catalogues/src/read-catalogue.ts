import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A catalogue as written: message id → ICU message. */
export type Catalogue = Record<string, string>;

/** The language codes a locales folder holds: `<lang>.json` files or `<lang>/` folders of area files. */
export function catalogueLanguages(localesDir: string): string[] {
  return readdirSync(localesDir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? entry.name : entry.name.endsWith('.json') ? entry.name.slice(0, -'.json'.length) : ''))
    .filter((name) => /^[a-z]{2}$/.test(name))
    .sort();
}

/**
 * The files a language's catalogue is made of: `<lang>.json` (the patient app), or every
 * `<lang>/<area>.json` (the console, one file per area so that work on two areas never edits the
 * same file).
 */
export function catalogueFiles(localesDir: string, language: string): string[] {
  if (!/^[a-z]{2}$/.test(language)) throw new Error(`No catalogue named ${language}`);
  const single = join(localesDir, `${language}.json`);
  const folder = join(localesDir, language);
  if (existsSync(folder) && statSync(folder).isDirectory()) {
    if (existsSync(single)) throw new Error(`${language}: both ${single} and ${folder}/ exist; keep one`);
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(folder, name));
  }
  if (existsSync(single)) return [single];
  throw new Error(`No catalogue named ${language} in ${localesDir}`);
}

/** A language's whole catalogue; an id written in two area files is an error, not a silent override. */
export function readCatalogue(localesDir: string, language: string): Catalogue {
  const catalogue: Catalogue = {};
  const origin = new Map<string, string>();
  for (const file of catalogueFiles(localesDir, language)) {
    for (const [id, message] of Object.entries(readCatalogueFile(file))) {
      const before = origin.get(id);
      if (before !== undefined) throw new Error(`${id} is in both ${before} and ${file}`);
      origin.set(id, file);
      catalogue[id] = message;
    }
  }
  return catalogue;
}

/** One area file of a language kept in area files (`<lang>/<area>.json`). */
export function readCatalogueArea(localesDir: string, language: string, area: string): Catalogue {
  if (!/^[a-z][a-z-]*$/.test(area)) throw new Error(`No catalogue area named ${area}`);
  const file = join(localesDir, language, `${area}.json`);
  if (!catalogueFiles(localesDir, language).includes(file)) throw new Error(`No catalogue area ${language}/${area} in ${localesDir}`);
  return readCatalogueFile(file);
}

function readCatalogueFile(file: string): Catalogue {
  const messages = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) throw new Error(`${file}: not an object of messages`);
  for (const [id, message] of Object.entries(messages)) if (typeof message !== 'string') throw new Error(`${file}: ${id} is not a string`);
  return messages as Catalogue;
}
