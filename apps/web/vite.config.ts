import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const source = fileURLToPath(new URL('./src', import.meta.url));
const sharedSource = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));
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
 * Puts every module the signed-in console always runs (CONSOLE_ROOTS and what they import
 * statically) into one chunk, except what the sign-in entry has already loaded. Left to the
 * automatic splitting they come as some 70 files, each cut where a lazy page shares a module, and
 * each compressed on its own: one file is ~25 KB gzip smaller on every signed-in route (issue 18).
 */
function consoleChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'caredesk:console-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (roots: readonly string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const signIn = closure(entries);
      modules.clear();
      // The roots stay chunks of their own: their dynamic import() needs a module namespace.
      for (const id of closure(CONSOLE_ROOTS)) if (!signIn.has(id) && !CONSOLE_ROOTS.includes(id)) modules.add(id);
      if (modules.size === 0) throw new Error(`console chunk: ${CONSOLE_ROOTS.join(', ')} not found`);
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}

const console_ = consoleChunk();

export default defineConfig({
  plugins: [react(), precompressAssets(), preloadFirstPaintFont(), console_.plugin],
  // The shared package is compiled from source so the console never runs against a stale dist/.
  resolve: { alias: { '@caredesk/shared': sharedSource, '@': source } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // The list of each route's chunks: apps/server's build-output test and the e2e bundle spec read it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only these modules: their dependencies in the sign-in entry stay there.
          groups: [{ name: 'console', test: console_.test, includeDependenciesRecursively: false }],
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
