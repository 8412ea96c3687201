import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { SOURCE_LANGUAGE } from './parity.ts';
import { catalogueFiles, readCatalogue, readCatalogueArea, type Catalogue } from './read-catalogue.ts';

const PREFIX = 'virtual:catalog/';

/**
 * `import messages from 'virtual:catalog/hi'`: the app's catalogue for hi (one file, or its area
 * files merged); `virtual:catalog/en/appointments`: one area file alone, so that a route's chunk
 * carries its own English texts and the first page only the shell's. Each ICU message is compiled
 * at build time, so the app ships Lingui's small runtime and no message parser (the parser would
 * add about 6 KB gzip to a first page).
 *
 * `shared` (packages/shared/src/locales: the schemas' validation texts and labels) joins every
 * whole catalogue but English's, so a language's chunk carries them too. English needs none of
 * them: its words are the schemas' and the label maps' own, and the apps word a text by them.
 * `virtual:catalog/<lang>/shared` is the shared catalogue alone (the pseudo-locale's English).
 */
export function compiledCatalogs(localesDir: string, options: { shared?: string } = {}): Plugin {
  return {
    name: 'caredesk:compiled-catalogs',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [language = '', area] = id.slice(PREFIX.length + 1).split('/');
      if (area === 'shared') {
        if (options.shared === undefined) throw new Error('virtual:catalog/<lang>/shared needs the shared catalogue folder');
        for (const file of catalogueFiles(options.shared, language)) this.addWatchFile(file);
        return compiledModule(readCatalogue(options.shared, language));
      }
      const shared = area === undefined && language !== SOURCE_LANGUAGE ? options.shared : undefined;
      const files = [...catalogueFiles(localesDir, language), ...(shared === undefined ? [] : catalogueFiles(shared, language))];
      for (const file of files) this.addWatchFile(file);
      const own = area === undefined ? readCatalogue(localesDir, language) : readCatalogueArea(localesDir, language, area);
      const messages = shared === undefined ? own : merged(own, readCatalogue(shared, language));
      return compiledModule(messages);
    },
  };
}

function compiledModule(messages: Catalogue): string {
  const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
  return `export default ${JSON.stringify(compiled)};`;
}

/** The app's messages and the shared ones; an id in both would make one of them silently lost. */
function merged(own: Catalogue, shared: Catalogue): Catalogue {
  const twice = Object.keys(shared).filter((id) => id in own);
  if (twice.length > 0) throw new Error(`${twice.join(', ')}: in both the app's and the shared catalogue`);
  return { ...own, ...shared };
}
