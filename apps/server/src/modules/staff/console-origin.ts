import type { FastifyRequest } from 'fastify';

/**
 * The console's origin for links we hand out (invitations). The browser's Origin header is used
 * only when it names this very host (the console and API are served together, design.md §2), so
 * a forged Origin cannot make us mint a link to another site; otherwise protocol + Host, which
 * honour X-Forwarded-* only when TRUST_PROXY is set.
 */
export function consoleOrigin(request: FastifyRequest): string {
  const own = `${request.protocol}://${request.host}`;
  const header = request.headers.origin;
  if (!header) return own;
  try {
    const origin = new URL(header);
    return origin.host === request.host && (origin.protocol === 'http:' || origin.protocol === 'https:') ? origin.origin : own;
  } catch {
    return own;
  }
}
