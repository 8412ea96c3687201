import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type ESTree, type Plugin } from 'vite';
// Relative, not by package name: Vite bundles a config's relative imports and loads named packages with Node, which runs no .ts.
import { compiledCatalogs } from '../../packages/catalogues/src/index.ts';

const source = fileURLToPath(new URL('./src', import.meta.url));
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
const locales = fileURLToPath(new URL('./src/i18n/locales', import.meta.url));
const sharedLocales = fileURLToPath(new URL('../../packages/shared/src/locales', import.meta.url));
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/** Text assets worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg)$/;

/**
 * Writes a .br (maximum quality) and a .gz beside every hashed text asset, once at build: the
 * server sends them as they are (apps/server/src/lib/web-console.ts) instead of compressing each
 * request at the fast, larger on-the-fly quality.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'caredesk:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!file.startsWith('assets/') || !COMPRESSIBLE.test(file)) continue;
        const path = join(outDir, file);
        const source = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/** The face the first paint's text is set in (src/theme/fonts.css). */
const FIRST_PAINT_FONT = 'src/assets/fonts/dm-sans-core-wght.woff2';

/**
 * Preloads the first paint's font from index.html: otherwise the browser finds it only once the
 * JavaScript has rendered text, and fetches it after everything else.
 */
function preloadFirstPaintFont(): Plugin {
  return {
    name: 'caredesk:preload-first-paint-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find((output) => output.type === 'asset' && output.originalFileNames.includes(FIRST_PAINT_FONT));
        if (!font) throw new Error(`${FIRST_PAINT_FONT} is not in the build: fonts.css no longer uses it?`);
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

/** What every signed-in page runs: the console (app-loader.ts) and the dashboard layout around each page. */
const CONSOLE_ROOTS = ['src/app/app.tsx', 'src/layouts/dashboard/dashboard-layout.tsx'].map((file) => fileURLToPath(new URL(file, import.meta.url)));

/**
 * Two chunks where the automatic splitting made some 90 files, each cut where a lazy page shares a
 * module and each compressed on its own (issue 18):
 * - `sign-in`: everything the entry imports statically (React, MUI's core, the sign-in page). The
 *   entry always loads it whole, so 20 files there were only 20 requests and ~6 KB gzip of
 *   compression lost between them;
 * - `console`: every module the signed-in console always runs (CONSOLE_ROOTS and what they import
 *   statically), except what the sign-in entry has already loaded: ~25 KB gzip smaller on every
 *   signed-in route.
 *
 * @caredesk/shared's index re-exports every module of the package, and a group takes each module
 * it matches whether the entry uses it or only a lazy page does. So an import of that index is
 * followed only to the modules declaring the names imported: the entry's few constants join the
 * sign-in chunk, and the schemas the console parses its replies with (and zod under them) join the
 * console chunk, where some 15 small files came on every signed-in route (~4 KB gzip). A constant
 * written as a literal is left out of the console's: the minifier copies it where it is used, and
 * its module (settings.ts for the idle timeout) would bring schemas only some pages need.
 */
const SHARED_BARREL = sharedSource;
const sharedDirectory = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

/** A value the minifier writes in where it is used: importing it needs not its module at run time. */
function isLiteral(node: unknown): boolean {
  if (typeof node !== 'object' || node === null || !('type' in node)) return false;
  const expression = node as { type: string; expressions?: unknown[]; argument?: unknown };
  if (expression.type === 'Literal') return true;
  if (expression.type === 'TemplateLiteral') return expression.expressions?.length === 0;
  return expression.type === 'UnaryExpression' && isLiteral(expression.argument);
}

/** The names a module declares and exports itself (not those it re-exports), each with whether it is a literal constant. */
function declaredExports(program: ESTree.Program): [name: string, literal: boolean][] {
  return program.body.flatMap((node): [string, boolean][] => {
    if (node.type !== 'ExportNamedDeclaration' || node.source) return [];
    const declaration = node.declaration;
    if (!declaration) return node.specifiers.map((specifier) => [specifier.exported.type === 'Identifier' ? specifier.exported.name : String(specifier.exported.value), false]);
    if (declaration.type === 'VariableDeclaration') {
      return declaration.declarations.flatMap((declarator): [string, boolean][] =>
        declarator.id.type === 'Identifier' ? [[declarator.id.name, declaration.kind === 'const' && isLiteral(declarator.init)]] : [],
      );
    }
    return 'id' in declaration && declaration.id?.type === 'Identifier' ? [[declaration.id.name, false]] : [];
  });
}

function consoleChunk(): { plugin: Plugin; test: (id: string) => boolean; signInTest: (id: string) => boolean } {
  const modules = new Set<string>();
  const signInModules = new Set<string>();
  const plugin: Plugin = {
    name: 'caredesk:console-chunk',
    apply: 'build',
    buildEnd() {
      // Each name of the package, with the module that declares it: the barrel's modules also
      // re-export each other's (auth.ts re-exports roles.ts), and only the declaring one is needed.
      const declaring = new Map<string, { id: string; literal: boolean }>();
      for (const id of this.getModuleIds()) {
        if (!id.startsWith(sharedDirectory) || id === SHARED_BARREL) continue;
        for (const [name, literal] of declaredExports(this.parse(this.getModuleInfo(id)?.code ?? ''))) declaring.set(name, { id, literal });
      }
      /** The shared modules declaring what `id` imports from the package; its index for what none declares. */
      const throughBarrel = (id: string, skipLiterals: boolean): readonly string[] => {
        const modules = new Set<string>();
        for (const node of this.parse(this.getModuleInfo(id)?.code ?? '').body) {
          if (!('source' in node) || node.source?.value !== '@caredesk/shared') continue;
          // A re-export or a namespace import may use any module of the package.
          if (node.type !== 'ImportDeclaration') return [SHARED_BARREL];
          for (const specifier of node.specifiers) {
            const name = specifier.type === 'ImportSpecifier' ? (specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value) : undefined;
            const declared = name === undefined ? undefined : declaring.get(name);
            if (!declared) modules.add(SHARED_BARREL);
            else if (!(skipLiterals && declared.literal)) modules.add(declared.id);
          }
        }
        return [...modules];
      };
      const closure = (roots: readonly string[], skipLiterals = false) => {
        const seen = new Set<string>();
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const imported = this.getModuleInfo(id)?.importedIds ?? [];
          // The index itself is followed only for what no module of the package declares.
          stack.push(
            ...(imported.includes(SHARED_BARREL) && id !== SHARED_BARREL ? [...imported.filter((i) => i !== SHARED_BARREL), ...throughBarrel(id, skipLiterals)] : imported),
          );
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      // The language loader runs on the sign-in page too (a stored Hindi before the first paint):
      // what it imports (dayjs, for the dates' month names) must not pull the console chunk in.
      const languageLoader = [...this.getModuleIds()].filter((id) => /[\\/]i18n[\\/]load-language\.ts$/.test(id));
      const signIn = closure([...entries, ...languageLoader]);
      signInModules.clear();
      // index.html is the entry, and the module its script names must stay the chunk it loads.
      const entryModules = new Set(entries.flatMap((id) => (id.endsWith('.html') ? [id, ...(this.getModuleInfo(id)?.importedIds ?? [])] : [id])));
      for (const id of closure(entries)) if (!entryModules.has(id)) signInModules.add(id);
      modules.clear();
      // The roots stay chunks of their own: their dynamic import() needs a module namespace.
      for (const id of closure(CONSOLE_ROOTS, true)) if (!signIn.has(id) && !CONSOLE_ROOTS.includes(id)) modules.add(id);
      if (modules.size === 0) throw new Error(`console chunk: ${CONSOLE_ROOTS.join(', ')} not found`);
    },
    generateBundle(_options, bundle) {
      // A module the entry needs in the console group would make /sign-in import the whole console.
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
      const seen = new Set<string>();
      const stack = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
        const chunk = chunks.get(file);
        if (!chunk || seen.has(file)) continue;
        if (chunk.name === 'console') throw new Error(`console chunk: the sign-in entry loads it with ${[...seen].join(', ')}`);
        seen.add(file);
        stack.push(...chunk.imports);
      }
    },
  };
  return { plugin, test: (id) => modules.has(id), signInTest: (id) => signInModules.has(id) };
}

/** The console's page buttons (src/components/records/pagination-actions.tsx). */
const PAGINATION_ACTIONS = fileURLToPath(new URL('./src/components/records/mui-pagination-actions.ts', import.meta.url));

/**
 * Points MUI TablePagination's import of its default TablePaginationActions at the console's own.
 * Passing ActionsComponent is not enough: TablePagination still imports the default, and with it
 * Tooltip and Popper (~11.7 KB gzip) on every paginated list (issue 18). Build only: the dev server
 * pre-bundles MUI, where ListPagination's ActionsComponent does the same.
 */
function paginationActions(): Plugin {
  return {
    name: 'caredesk:pagination-actions',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mui[\\/]material[\\/]TablePagination[\\/]/.test(importer)) return null;
      return /(^|\/)TablePaginationActions(\/index\.m?js)?$/.test(source) ? PAGINATION_ACTIONS : null;
    },
    buildEnd() {
      const mui = [...this.getModuleIds()].find((id) => /[\\/]TablePaginationActions[\\/]TablePaginationActions\.m?js$/.test(id));
      if (mui) throw new Error(`pagination actions: MUI's own is in the build (${mui}); did TablePagination's import change?`);
    },
  };
}

const console_ = consoleChunk();

export default defineConfig({
  plugins: [paginationActions(), react(), compiledCatalogs(locales, { shared: sharedLocales }), precompressAssets(), preloadFirstPaintFont(), console_.plugin],
  // The shared package is compiled from source so the console never runs against a stale dist/.
  // Its entry only: its catalogues (@caredesk/shared/locales/*.json) resolve through its exports.
  resolve: {
    alias: [
      { find: /^@caredesk\/shared$/, replacement: sharedSource },
      { find: '@', replacement: source },
    ],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // The list of each route's chunks: apps/server's build-output test and the e2e bundle spec read it.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @emotion/react imports hoist-non-react-statics for its side effects only (withTheme, which
        // nothing here uses, takes the real import). The package declares no sideEffects, so its
        // CommonJS code and its own copy of react-is stayed in the sign-in entry: 1 KB gzip.
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          // Only these modules: the console's dependencies in the sign-in entry stay there.
          groups: [
            { name: 'sign-in', test: console_.signInTest, includeDependenciesRecursively: false },
            { name: 'console', test: console_.test, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
