import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

export const SERVICE_WORKER_ENTRY = 'sw';
const PLACEHOLDER = /(["'`])__PRECACHE_MANIFEST__\1/;
const CACHE_PLACEHOLDER = /(["'`])__CACHE_NAME__\1/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
}

/**
 * Writes the list of the app shell's files (every built asset and public file, under `base`)
 * into the service worker, and names its cache after their hash: a new build is a new cache,
 * and the worker deletes the old one when it takes over.
 */
export function precacheManifest(publicDir: string, base: string): Plugin {
  return {
    name: 'caredesk:precache-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const worker = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === SERVICE_WORKER_ENTRY);
      if (!worker || worker.type !== 'chunk') throw new Error('The service worker entry is missing from the bundle');
      // Script faces are left out: a phone reading English should not download Kannada, Tamil and
      // Devanagari faces (~290 KB) on install; the one in use comes from the HTTP cache. So is the
      // pseudo-locale's chunk, which only a browser test ever runs.
      const built = Object.keys(bundle).filter(
        (name) =>
          name !== worker.fileName &&
          !name.startsWith('.vite/') &&
          !name.endsWith('.html') &&
          !name.endsWith('.map') &&
          !name.endsWith('.woff2') &&
          !/(^|\/)pseudo-locale-[\w-]+\.js$/.test(name),
      );
      const files = [...built, ...filesUnder(publicDir)].sort().map((name) => `${base}${name}`);
      const cacheName = `caredesk-patient-${createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12)}`;
      if (!PLACEHOLDER.test(worker.code) || !CACHE_PLACEHOLDER.test(worker.code)) throw new Error('The service worker lost its precache placeholders');
      worker.code = worker.code.replace(PLACEHOLDER, JSON.stringify(files)).replace(CACHE_PLACEHOLDER, JSON.stringify(cacheName));
    },
  };
}
