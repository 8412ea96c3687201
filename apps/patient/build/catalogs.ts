import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalog/';
const localesDir = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));

/**
 * `import messages from 'virtual:catalog/hi'`: the catalog src/i18n/locales/hi.json with each ICU
 * message compiled at build time, so the app ships Lingui's small runtime and no message parser
 * (the parser would add about 6 KB gzip to the first page).
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'caredesk:compiled-catalogs',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`No catalog named ${locale}`);
      const file = `${localesDir}${locale}.json`;
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
