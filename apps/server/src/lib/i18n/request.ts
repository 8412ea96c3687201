import type { Language } from '@caredesk/shared';
import type { FastifyInstance } from 'fastify';
import { acceptedLanguage } from './index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language of what this request's reply says to a person: the signed-in staff member's
     * saved language once `authenticate` has run, else the `Accept-Language` the console and the
     * patient app send, else English.
     */
    language: Language;
  }
}

/** Reads `Accept-Language` once per request; lib/auth.ts overrides it with the staff member's own. */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = acceptedLanguage(request.headers['accept-language']) ?? 'en';
    done();
  });
}
