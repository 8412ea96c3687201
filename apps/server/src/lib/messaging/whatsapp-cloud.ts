import { createHash, timingSafeEqual } from 'node:crypto';
import type { MessageLanguage } from '@caredesk/shared';
import { z } from 'zod';
import { hmacSha256Hex, signatureMatches } from '../payments/signature.js';
import type { ChannelAdapter, DeliveryReport, InboundMessage, OutgoingMessage, SendOutcome, WebhookBatch } from './channel.js';
import { retryAfterSeconds } from '../retry-after.js';

export interface WhatsAppCloudOptions {
  /** A system user's permanent token with whatsapp_business_messaging. Never logged. */
  accessToken: string;
  /** https://graph.facebook.com unless configured (tests point it at a local fake). */
  apiBase: string;
  /** The Graph API version in the path; v21.0 unless configured. */
  apiVersion?: string | undefined;
  /** The sending number when the organisation has none of its own (a platform-wide number). */
  defaultPhoneNumberId?: string | undefined;
  timeoutMs?: number | undefined;
}

/** The language codes of the approved templates in WhatsApp Manager, per message language. */
const templateLanguageCodes: Record<MessageLanguage, string> = { en: 'en', hi: 'hi', kn: 'kn', ta: 'ta' };

/**
 * Meta's throttling codes (app, account, throughput and per-recipient pair limits) and its
 * temporary-outage codes. They come with HTTP 400 as often as 429, so the code decides, not the status.
 */
const RETRYABLE_CODES = new Set([4, 80007, 130429, 131056, 2, 131016]);

const REASON_MAX = 200;

const sendAnswerSchema = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const graphErrorSchema = z.object({
  error: z.object({
    code: z.number().int().optional(),
    message: z.string().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});

/**
 * The WhatsApp Business Cloud API (Graph API POST /{phone-number-id}/messages): free text inside
 * the patient's 24-hour customer service window, the approved template outside it.
 *
 * Exactly-once is ours, not Meta's: the Graph API takes no idempotency key, so the caller's claim
 * (the SENDING lease on the message row) keeps two processes from sending the same message. A
 * timeout after the request left is still a `retry`: the patient may then get the message twice
 * (at-least-once at the wire), which beats never. That is why the request carries our message id
 * as `biz_opaque_callback_data`: Meta hands it back in every status webhook, so the reports of a
 * send whose answer we never saw still find their message.
 */
export function whatsAppCloudAdapter(options: WhatsAppCloudOptions): ChannelAdapter {
  const base = `${options.apiBase.replace(/\/+$/, '')}/${options.apiVersion ?? 'v21.0'}`;
  const authorization = `Bearer ${options.accessToken}`;

  return {
    channel: 'WHATSAPP',
    provider: 'whatsapp-cloud',

    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const sender = message.senderId ?? options.defaultPhoneNumberId;
      if (!sender) return { kind: 'rejected', reason: 'No WhatsApp number is set up for this organisation' };
      if (!/^\d{1,30}$/.test(sender)) return { kind: 'rejected', reason: 'The WhatsApp phone number id is not digits only' };
      const to = message.to.replace(/^\+/, '');
      if (!/^[1-9]\d{6,14}$/.test(to)) return { kind: 'rejected', reason: 'The phone number is not an international (E.164) number' };

      let response: Response;
      let body: unknown;
      try {
        response = await fetch(`${base}/${sender}/messages`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(requestBody(message, to)),
          // A redirect would carry the token elsewhere; Graph never sends one.
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
        body = await response.json().catch(() => undefined);
      } catch (error) {
        return { kind: 'retry', reason: `WhatsApp did not answer (${failureReason(error)})` };
      }
      return outcomeOf(response.status, response.headers.get('retry-after'), body);
    },
  };
}

function requestBody(message: OutgoingMessage, to: string) {
  const common = { messaging_product: 'whatsapp', recipient_type: 'individual', to, biz_opaque_callback_data: message.id };
  if (message.insideCustomerWindow) return { ...common, type: 'text', text: { preview_url: true, body: message.text } };
  return {
    ...common,
    type: 'template',
    template: {
      name: message.template.name,
      language: { code: templateLanguageCodes[message.template.language] },
      components: [{ type: 'body', parameters: message.template.variables.map((value) => ({ type: 'text', text: templateParameter(value) })) }],
    },
  };
}

/**
 * Meta refuses a whole template message over one parameter that is empty or holds a new line, a
 * tab or more than four spaces in a row; an unfilled variable (no map link, no room) must not cost
 * the patient the message, so it goes as a dash.
 */
function templateParameter(value: string): string {
  const flat = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
  return flat === '' ? '-' : flat;
}

function outcomeOf(status: number, retryAfter: string | null, body: unknown): SendOutcome {
  if (status >= 200 && status < 300) {
    const answer = sendAnswerSchema.safeParse(body);
    // Accepted or not, we cannot tell: trying again risks a duplicate, not trying risks nothing sent.
    if (!answer.success) return { kind: 'retry', reason: `WhatsApp answered HTTP ${status} without a message id` };
    return { kind: 'accepted', providerMessageId: answer.data.messages[0]!.id };
  }
  const error = graphErrorSchema.safeParse(body).data?.error;
  const reason = error?.code === undefined ? `WhatsApp answered HTTP ${status}` : `WhatsApp error ${error.code}: ${errorTitle(error.message ?? error.error_data?.details ?? '')}`;
  if (status === 429 || status >= 500 || (error?.code !== undefined && RETRYABLE_CODES.has(error.code)))
    return { kind: 'retry', reason, retryAfterSeconds: retryAfterSeconds(retryAfter) };
  return { kind: 'rejected', reason };
}

/** "(#131047) Re-engagement message" → "Re-engagement message", without any phone number in it. */
function errorTitle(message: string): string {
  return withoutPhoneNumbers(message.replace(/^\(#\d+\)\s*/, ''))
    .trim()
    .slice(0, REASON_MAX);
}

/**
 * Meta's texts can echo the recipient's number ("…to 919876543210"); a reason is stored and shown
 * in the message log, so any run of seven or more digits (spaces, dots, dashes or brackets between
 * them allowed) goes. Error codes are at most six digits.
 */
export function withoutPhoneNumbers(text: string): string {
  return text.replace(/\+?\d(?:[\s().-]?\d){6,}/g, '[number]');
}

function failureReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : 'network error';
}

/** Meta's X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret. */
export function verifyWhatsAppSignature(appSecret: string, rawBody: Buffer | string, header: string | undefined): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  return signatureMatches(hmacSha256Hex(appSecret, rawBody), header.slice('sha256='.length));
}

/**
 * The webhook subscription handshake (GET with hub.mode, hub.verify_token, hub.challenge): the
 * challenge to echo as text/plain, or undefined for a 403. The token is compared in constant time.
 */
export function whatsAppVerifyChallenge(query: Record<string, unknown>, verifyToken: string): string | undefined {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return undefined;
  if (challenge.length === 0 || challenge.length > 512) return undefined;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(token), digest(verifyToken)) ? challenge : undefined;
}

/** A delivery report with our own message id, when Meta handed back `biz_opaque_callback_data`. */
export interface WhatsAppDeliveryReport extends DeliveryReport {
  messageId?: string | undefined;
}
export interface WhatsAppWebhookBatch extends WebhookBatch {
  reports: WhatsAppDeliveryReport[];
}

// Only what we read: zod drops every other field, so Meta adding one changes nothing.
const unixSeconds = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform((seconds) => new Date(Number(seconds) * 1000));
const statusSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: unixSeconds,
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(z.object({ code: z.number().int(), title: z.string().optional(), message: z.string().optional() })).optional(),
});
const inboundSchema = z.object({
  from: z.string().regex(/^\d{7,15}$/),
  id: z.string().min(1),
  timestamp: unixSeconds,
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string() }).optional(),
    })
    .optional(),
});
const changeValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().min(1) }),
  contacts: z.array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).optional() })).optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});
const webhookSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ changes: z.array(z.object({ field: z.string(), value: z.unknown() })).default([]) })),
});

const reportStatuses = { sent: 'SENT', delivered: 'DELIVERED', read: 'READ', failed: 'FAILED' } as const;

/**
 * A signed `messages` webhook as delivery reports and inbound messages. It never throws: Meta
 * retries a delivery we refuse for days, so anything we do not use or cannot read (other fields,
 * images and other message types, new statuses, a malformed item) is skipped, and the rest kept.
 */
export function parseWhatsAppWebhook(body: unknown): WhatsAppWebhookBatch {
  const batch: WhatsAppWebhookBatch = { reports: [], inbound: [] };
  const webhook = webhookSchema.safeParse(body);
  if (!webhook.success) return batch;
  for (const change of webhook.data.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== 'messages') continue;
    const value = changeValueSchema.safeParse(change.value);
    if (!value.success) continue;
    for (const item of value.data.statuses ?? []) {
      const status = statusSchema.safeParse(item);
      if (status.success) batch.reports.push(reportOf(status.data));
    }
    for (const item of value.data.messages ?? []) {
      const message = inboundSchema.safeParse(item);
      const text = message.success ? inboundText(message.data) : undefined;
      if (!message.success || text === undefined) continue;
      const contacts = value.data.contacts ?? [];
      const contact = contacts.find((candidate) => candidate.wa_id === message.data.from) ?? (contacts.length === 1 ? contacts[0] : undefined);
      batch.inbound.push({
        providerMessageId: message.data.id,
        recipientId: value.data.metadata.phone_number_id,
        from: `+${message.data.from}`,
        profileName: contact?.profile?.name || undefined,
        text,
        at: message.data.timestamp,
      } satisfies InboundMessage);
    }
  }
  return batch;
}

function reportOf(status: z.infer<typeof statusSchema>): WhatsAppDeliveryReport {
  const error = status.errors?.[0];
  return {
    providerMessageId: status.id,
    status: reportStatuses[status.status],
    at: status.timestamp,
    reason: status.status === 'failed' ? (error ? `${error.code} ${errorTitle(error.title ?? error.message ?? '')}`.trim() : 'Failed') : undefined,
    messageId: status.biz_opaque_callback_data || undefined,
  };
}

/** A text, or the label of the quick-reply button or list row the patient tapped. */
function inboundText(message: z.infer<typeof inboundSchema>): string | undefined {
  switch (message.type) {
    case 'text':
      return message.text?.body;
    case 'button':
      return message.button?.text;
    case 'interactive':
      return message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title;
    default:
      return undefined;
  }
}
