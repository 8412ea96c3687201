import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundBody } from './error-handler.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'The CareDesk console has not been built yet. Run `npm run build` (or `npm start`) and reload.\n';

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/** Paths that must never fall back to the console's index.html. */
function isApiOrAsset(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/');
}

/**
 * Serves the built console from webDist: Vite's hashed /assets/* cached for a year, index.html
 * always revalidated, and any other GET that is no file answers index.html so client routes
 * (/doctor, /chats/123) survive a reload. Unknown /api paths get the JSON 404 of design.md §6.
 */
export async function registerWebConsole(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        const relative = filePath.slice(webDist.length).replaceAll('\\', '/');
        void res.header('Cache-Control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
    // With index: false the wildcard would treat "/" as a directory; the root is the console.
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (isApiOrAsset(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(request.method, request.url));
    }
    if (!built) {
      return reply.status(503).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
