import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { auditProviderWrites } from '../audit/index.js';
import {
  parseMsg91DeliveryReport,
  parseMsg91Inbound,
  parseWhatsAppWebhook,
  verifyMsg91WebhookSecret,
  verifyWhatsAppSignature,
  whatsAppVerifyChallenge,
} from '../../lib/messaging/index.js';
import { receiveReport, receiveSms, receiveWhatsApp, type InboundOutcome } from './inbound.js';
import type { MessageChanges } from './live.js';

const tags = ['webhooks'];
const notAudited = (reason: string) => ({ audit: { notAudited: reason } });

/**
 * /api/webhooks: what the WhatsApp Cloud API and the SMS gateway tell us — delivery reports and
 * patients' messages. Public, and trusted only once authenticated: WhatsApp by the HMAC of the
 * raw body with the app secret (X-Hub-Signature-256), MSG91 by the shared secret it was set up
 * with. Anything else is 401 and changes nothing. A body that authenticates but cannot be read
 * is still 200: a provider retries a refused delivery for days.
 */
export function messageWebhookRoutes(ctx: AppContext, changes: MessageChanges): FastifyPluginAsync {
  /** The trail names what a patient's message changed; the log, only what kind of thing happened. */
  const onInbound = (outcome: InboundOutcome, request: FastifyRequest) => {
    // A delivery Meta repeated wrote nothing the second time, so it is not recorded again.
    if (outcome.kind === 'chat' && outcome.created)
      auditProviderWrites(request, [
        ...(outcome.registered ? [{ organisationId: outcome.organisationId, entity: 'patients' as const, id: outcome.patientId, action: 'create' as const }] : []),
        { organisationId: outcome.organisationId, entity: 'chats', id: outcome.patientId, action: 'create' },
      ]);
    if (outcome.kind === 'consent')
      auditProviderWrites(
        request,
        outcome.changes.map((change) => ({ organisationId: change.organisationId, entity: 'patients', id: change.patientId, action: 'update' })),
      );
    request.log.info({ inbound: outcome.kind, ...(outcome.kind === 'ignored' ? { reason: outcome.reason } : {}) }, 'inbound message handled');
  };
  return async (app) => {
    // Signatures are over the bytes as sent: bodies stay raw here and are parsed after the check.
    app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const { config, db, events } = ctx;
    const report = async (provider: string, delivery: Parameters<typeof receiveReport>[2]) => {
      const organisationId = await receiveReport(db, provider, delivery);
      if (organisationId) changes.changed(organisationId);
    };
    const unauthorised = (reply: FastifyReply) => reply.status(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Signature missing or wrong' });

    app.get(
      '/webhooks/whatsapp',
      { config: notAudited('the Cloud API verification handshake: no data'), schema: { tags, summary: 'WhatsApp webhook verification (hub.challenge)' } },
      async (request, reply) => {
        const challenge = config.WHATSAPP_VERIFY_TOKEN ? whatsAppVerifyChallenge(request.query as Record<string, unknown>, config.WHATSAPP_VERIFY_TOKEN) : undefined;
        if (challenge === undefined) return reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'Verify token does not match' });
        return reply.type('text/plain').send(challenge);
      },
    );
    app.post(
      '/webhooks/whatsapp',
      {
        config: { audit: { entity: 'messages', actor: 'provider', provider: 'WhatsApp', action: 'update' } },
        schema: { tags, summary: 'WhatsApp delivery statuses and inbound messages (signed)' },
      },
      async (request, reply) => {
        const raw = request.body as Buffer | undefined;
        if (!config.WHATSAPP_APP_SECRET || !raw || !verifyWhatsAppSignature(config.WHATSAPP_APP_SECRET, raw, request.headers['x-hub-signature-256'] as string | undefined))
          return unauthorised(reply);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return reply.status(200).send({ received: true });
        }
        const batch = parseWhatsAppWebhook(body);
        for (const delivery of batch.reports) await report('whatsapp-cloud', delivery);
        for (const inbound of batch.inbound) onInbound(await receiveWhatsApp(db, events, inbound), request);
        return { received: true };
      },
    );

    const smsAuthenticated = (request: FastifyRequest) =>
      Boolean(config.MSG91_WEBHOOK_SECRET) && verifyMsg91WebhookSecret(config.MSG91_WEBHOOK_SECRET!, request.headers, request.query);
    app.post(
      '/webhooks/sms/delivery',
      { config: notAudited('a provider webhook: delivery reports of our own messages'), schema: { tags, summary: 'SMS delivery reports (MSG91; shared secret)' } },
      async (request, reply) => {
        if (!smsAuthenticated(request)) return unauthorised(reply);
        const text = (request.body as Buffer | undefined)?.toString('utf8') ?? '';
        for (const delivery of parseMsg91DeliveryReport(text)) await report('msg91', delivery);
        return { received: true };
      },
    );
    app.post(
      '/webhooks/sms/inbound',
      {
        config: { audit: { entity: 'messages', actor: 'provider', provider: 'SMS gateway', action: 'update' } },
        schema: { tags, summary: 'Inbound SMS to the long code: STOP and START (MSG91; shared secret)' },
      },
      async (request, reply) => {
        if (!smsAuthenticated(request)) return unauthorised(reply);
        const text = (request.body as Buffer | undefined)?.toString('utf8') ?? '';
        for (const inbound of parseMsg91Inbound(text)) onInbound(await receiveSms(db, inbound), request);
        return { received: true };
      },
    );
  };
}
