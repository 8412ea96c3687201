import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFoundBody } from './error-handler.js';
import { allowFramingByAnySite } from './security.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'The CareDesk console has not been built yet. Run `npm run build` (or `npm start`) and reload.\n';
const PATIENT_NOT_BUILT = 'The CareDesk patient app has not been built yet. Run `npm run build` (or `npm start`) and reload.\n';
/** The patient app's address prefix (apps/patient's Vite `base`). */
export const PATIENT_APP_PREFIX = '/p/';

export interface WebApps {
  /** The built console (apps/web/dist), served at /. */
  webDist: string;
  /** The built patient app (apps/patient/dist), served under /p/. */
  patientDist: string;
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/** Paths that must never fall back to a page. */
function isApiOrAsset(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/') || path.startsWith(`${PATIENT_APP_PREFIX}assets/`);
}

function isPatientApp(path: string): boolean {
  return path === '/p' || path.startsWith(PATIENT_APP_PREFIX);
}

/** Vite's hashed assets are cached for a year; every other file is revalidated on each use. */
function cacheHeaders(dist: string, workerScope?: string) {
  return (reply: FastifyReply, filePath: string) => {
    const relative = filePath.slice(dist.length).replaceAll('\\', '/');
    void reply.header('Cache-Control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    // The patient app's worker lives at /p/sw.js and may control /p/ only (never the console or /api).
    if (workerScope && relative === '/sw.js') void reply.header('Service-Worker-Allowed', workerScope);
  };
}

function sendPage(reply: FastifyReply, root: string): FastifyReply {
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root);
}

/** The patient app's pages may be framed by any site: hospitals embed their booking page. */
function sendPatientPage(reply: FastifyReply, patientDist: string): FastifyReply {
  allowFramingByAnySite(reply);
  return sendPage(reply, patientDist);
}

/**
 * Serves the built console from webDist and the patient app from patientDist under /p/: Vite's
 * hashed assets cached for a year, index.html always revalidated, and any other GET that is no
 * file answers the app's index.html so client routes (/doctor, /chats/123, /p/visits) survive a
 * reload. Unknown /api paths and missing assets get the JSON 404 of design.md §6.
 */
export async function registerWebConsole(app: FastifyInstance, dists: WebApps): Promise<void> {
  const { webDist, patientDist } = dists;
  const built = existsSync(join(webDist, 'index.html'));
  const patientBuilt = existsSync(join(patientDist, 'index.html'));
  const common = { index: false, wildcard: true, cacheControl: false, dotfiles: 'ignore' } as const;
  if (built) {
    // The console's build writes .br and .gz beside its assets (apps/web/vite.config.ts): sent as
    // they are, at a better ratio and no CPU per request; a missing one falls back to the file,
    // which the compress plugin then compresses as it does every other reply.
    await app.register(fastifyStatic, { ...common, root: webDist, preCompressed: true, setHeaders: cacheHeaders(webDist) });
    // With index: false the wildcard would treat "/" as a directory; the root is the console.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply, webDist));
  }
  if (patientBuilt) {
    // One reply.sendFile for both: the second registration only serves its files.
    await app.register(fastifyStatic, {
      ...common,
      root: patientDist,
      prefix: PATIENT_APP_PREFIX,
      decorateReply: !built,
      setHeaders: cacheHeaders(patientDist, PATIENT_APP_PREFIX),
    });
    app.get(PATIENT_APP_PREFIX, { schema: { hide: true } }, (_request, reply) => sendPatientPage(reply, patientDist));
  }
  app.get('/p', { schema: { hide: true } }, (_request, reply) => reply.redirect(PATIENT_APP_PREFIX, 301));

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (isApiOrAsset(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(request.method, request.url));
    }
    const patient = isPatientApp(path);
    if (!(patient ? patientBuilt : built)) {
      return reply
        .status(503)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(patient ? PATIENT_NOT_BUILT : NOT_BUILT);
    }
    return patient ? sendPatientPage(reply, patientDist) : sendPage(reply, webDist);
  });
}
