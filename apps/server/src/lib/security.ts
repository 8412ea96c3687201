import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

export interface SecurityHeaderOptions {
  /**
   * With PAYMENT_PROVIDER=razorpay the console loads Razorpay Checkout: its script from
   * checkout.razorpay.com, which opens its frame from api.razorpay.com and talks to razorpay.com.
   */
  razorpayCheckout?: boolean;
}

const RAZORPAY = { script: ['https://checkout.razorpay.com'], frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'], any: ['https://*.razorpay.com'] };

/**
 * Security headers. The CSP allows no inline script and no third-party script but Razorpay's
 * checkout when it is the payment provider: an injected <script> cannot run. Styles allow
 * 'unsafe-inline' because MUI/emotion inject <style> tags at runtime.
 * upgrade-insecure-requests is left out so a clinic can serve over plain HTTP on its LAN.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): Promise<void> {
  const headers = await helmetHeaders(helmetOptions(options));
  // On the raw response, as helmet writes them: allowFramingByAnySite rewrites them there.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** Headers of every reply that are the server's own, not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sends with these options. @fastify/helmet builds helmet's middleware anew
 * for every request (parsing the CSP each time: 4 % of the CPU of GET /api/me under load), yet
 * with no nonces and no per-route options they are the same for every reply: they are read once
 * here, from a reply of a throwaway server with the plugin, and then set as they are.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', (_request, reply) => reply.send(''));
    const response = await probe.inject({ url: '/' });
    return Object.entries(response.headers)
      .filter(([name]) => !NOT_HELMET.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

function helmetOptions(options: SecurityHeaderOptions): FastifyHelmetOptions {
  const razorpay = options.razorpayCheckout ? RAZORPAY : { script: [], frame: [], any: [] };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...razorpay.script],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...razorpay.any],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...razorpay.any],
        frameSrc: ["'self'", ...razorpay.frame],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Patient photos and reports must not leak through the Referer header to other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  };
}

/**
 * Lets any web site show this reply in a frame: hospitals embed their patient booking page in their
 * own site with an <iframe> (issue #17). Only the patient app's HTML pages call it; the console and
 * /api keep `frame-ancestors 'none'` and X-Frame-Options DENY, so nobody can clickjack staff.
 * registerSecurityHeaders has already written both headers on the raw response in its onRequest hook: this rewrites
 * the one directive of the CSP it sent (keeping every other) and drops X-Frame-Options, which has
 * no "any site" value and which browsers would otherwise obey alongside the CSP.
 */
export function allowFramingByAnySite(reply: FastifyReply): void {
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    const directives = csp.split(';').map((directive) => (directive.trim().startsWith('frame-ancestors') ? 'frame-ancestors *' : directive));
    reply.raw.setHeader('content-security-policy', directives.join(';'));
  }
  reply.raw.removeHeader('x-frame-options');
}
