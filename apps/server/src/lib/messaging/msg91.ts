import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ChannelAdapter, DeliveryReport, InboundMessage, OutgoingMessage, SendOutcome } from './channel.js';
import { retryAfterSeconds } from '../retry-after.js';

export interface Msg91Options {
  authKey: string;
  /** https://control.msg91.com unless configured (tests point it at a local fake). */
  apiBase: string;
  /**
   * The DLT-registered header (sender id). MSG91 uses it when the flow's sender is 'FromAPI';
   * otherwise the sender saved with the template goes out, so this may stay unset.
   */
  senderId?: string | undefined;
  timeoutMs?: number | undefined;
}

/**
 * MSG91 does not sign its webhooks (its webhook settings take a URL, and in Webhook (New) custom
 * fields, but no signing secret), so we authenticate them with a shared secret of our own: in this
 * header where the sender can set one, else as `?secret=` in the webhook URL.
 */
export const MSG91_WEBHOOK_SECRET_HEADER = 'x-caredesk-webhook-secret';
export const MSG91_WEBHOOK_SECRET_QUERY = 'secret';

const flowAnswerSchema = z.object({ type: z.string(), message: z.unknown().optional() });

/**
 * MSG91's v5 Flow API: the DLT-linked template by `template_id`, the number in international
 * form without '+', and the template's variables as VAR1..VARn. Indian business SMS must go
 * through a template registered on the operator's DLT platform, so there is no free text here.
 */
export function msg91Adapter(options: Msg91Options): ChannelAdapter {
  const flowUrl = `${options.apiBase.replace(/\/+$/, '')}/api/v5/flow`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  return {
    channel: 'SMS',
    provider: 'msg91',

    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const templateId = message.template.name.trim();
      if (!templateId) return { kind: 'rejected', reason: 'No DLT template id is set for this message' };
      const mobiles = /^\+([1-9]\d{7,14})$/.exec(message.to)?.[1];
      if (!mobiles) return { kind: 'rejected', reason: 'The phone number is not in international form (E.164)' };

      const variables = Object.fromEntries(message.template.variables.map((value, index) => [`VAR${index + 1}`, value]));
      const body = {
        template_id: templateId,
        // Off: MSG91 would otherwise rewrite links in the text to its own short domain.
        short_url: '0',
        ...(options.senderId ? { sender: options.senderId } : {}),
        recipients: [{ mobiles, ...variables }],
      };

      let response: Response;
      let answer: unknown;
      try {
        response = await fetch(flowUrl, {
          method: 'POST',
          headers: { authkey: options.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        answer = await response.json().catch(() => undefined);
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        return { kind: 'retry', reason: timedOut ? 'MSG91 did not answer in time' : 'MSG91 could not be reached' };
      }

      if (response.status === 408 || response.status === 429 || response.status >= 500) {
        return { kind: 'retry', reason: `MSG91 answered HTTP ${response.status}`, retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')) };
      }
      const parsed = flowAnswerSchema.safeParse(answer).data;
      const detail = providerDetail(typeof parsed?.message === 'string' ? parsed.message : undefined, message);
      if (!response.ok) return { kind: 'rejected', reason: `MSG91 refused the message (HTTP ${response.status})${detail ? `: ${detail}` : ''}` };
      if (parsed?.type === 'success' && typeof parsed.message === 'string' && parsed.message.trim()) {
        return { kind: 'accepted', providerMessageId: parsed.message.trim() };
      }
      if (parsed?.type === 'error') return { kind: 'rejected', reason: `MSG91 refused the message${detail ? `: ${detail}` : ''}` };
      // A 2xx we cannot read may still have been sent: retrying could text the patient twice.
      return { kind: 'rejected', reason: 'MSG91 answered without a request id' };
    },
  };
}

/** Runs of 7+ digits, spaces or dashes allowed between them: phone numbers however written. */
const DIGIT_RUNS = /\+?\d(?:[\s-]?\d){6,}/g;

/** Provider text fit for a stored reason: no phone numbers, no message text, no variable values. */
function providerDetail(text: string | undefined, message?: OutgoingMessage): string {
  if (!text) return '';
  let detail = text;
  const echoes = message ? [message.text, ...message.template.variables].map((value) => value.trim()).filter((value) => value.length >= 3) : [];
  for (const echo of echoes.sort((a, b) => b.length - a.length)) detail = detail.replace(new RegExp(escapeRegExp(echo), 'gi'), '…');
  return detail.replace(DIGIT_RUNS, '…').replace(/\s+/g, ' ').trim().slice(0, 200);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a webhook carries our shared secret, in the header or else the `secret` query
 * parameter. Both sides are hashed first so the comparison takes the same time whatever the
 * lengths; an unset expected secret accepts nothing.
 */
export function verifyMsg91WebhookSecret(expected: string, headers: Record<string, string | string[] | undefined>, query: unknown): boolean {
  if (!expected) return false;
  const headerName = Object.keys(headers).find((name) => name.toLowerCase() === MSG91_WEBHOOK_SECRET_HEADER);
  const header = headerName === undefined ? undefined : headers[headerName];
  const fromQuery = query && typeof query === 'object' ? (query as Record<string, unknown>)[MSG91_WEBHOOK_SECRET_QUERY] : undefined;
  const given = (Array.isArray(header) ? header[0] : header) ?? (typeof fromQuery === 'string' ? fromQuery : undefined);
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}

type Fields = Record<string, unknown>;

/**
 * The records in a webhook body, whichever way it arrived: the old webhook's v2 form
 * (`data=<JSON array as a string>`), its v3 flat JSON, Webhook (New)'s JSON, an array of any of
 * these, or the raw body text or bytes when no parser ran.
 */
function webhookRecords(body: unknown): Fields[] {
  if (body instanceof Uint8Array) return webhookRecords(Buffer.from(body).toString('utf8'));
  if (typeof body === 'string') {
    const text = body.trim();
    if (!text) return [];
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        return webhookRecords(JSON.parse(text));
      } catch {
        return [];
      }
    }
    return webhookRecords(Object.fromEntries(new URLSearchParams(text)));
  }
  if (Array.isArray(body)) return body.flatMap(webhookRecords);
  if (!body || typeof body !== 'object') return [];
  const fields = body as Fields;
  if (typeof fields.data === 'string' || Array.isArray(fields.data)) return webhookRecords(fields.data);
  return [fields];
}

function field(fields: Fields, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/** MSG91's documented delivery-report status codes (help: delivery reports on a webhook URL). */
const REPORT_CODES: Record<string, { status: DeliveryReport['status']; label: string }> = {
  '1': { status: 'DELIVERED', label: 'Delivered' },
  '2': { status: 'FAILED', label: 'Failed' },
  '9': { status: 'FAILED', label: 'NDNC: the number is on the do-not-disturb registry' },
  '16': { status: 'FAILED', label: 'Rejected' },
  '25': { status: 'FAILED', label: 'Rejected' },
  '17': { status: 'FAILED', label: 'Blocked number' },
};

/** Status words, for codes the table does not list and for Webhook (New)'s textual status. */
const REPORT_WORDS: Record<string, DeliveryReport['status']> = {
  DELIVERED: 'DELIVERED',
  DELIVRD: 'DELIVERED',
  FAILED: 'FAILED',
  UNDELIVERED: 'FAILED',
  REJECTED: 'FAILED',
  REJECTD: 'FAILED',
  NDNC: 'FAILED',
  DND: 'FAILED',
  BLOCKED: 'FAILED',
  EXPIRED: 'FAILED',
  SUBMITTED: 'SENT',
  SENT: 'SENT',
  PENDING: 'SENT',
  ACCEPTED: 'SENT',
};

function reportStatus(code: string | undefined, desc: string | undefined): { status: DeliveryReport['status']; label: string } | undefined {
  const known = code ? REPORT_CODES[code] : undefined;
  if (known) return known;
  for (const word of [code, desc]) {
    const key = word?.toUpperCase().replace(/[^A-Z]/g, '');
    const status = key ? REPORT_WORDS[key] : undefined;
    if (status) return { status, label: word!.charAt(0).toUpperCase() + word!.slice(1).toLowerCase() };
  }
  return undefined;
}

/**
 * A date as MSG91 writes it: 'YYYY-MM-DD HH:mm:ss' in India time (its panel and reports are in
 * IST; the webhook gives no zone), unix seconds or milliseconds, or ISO 8601 with a zone.
 */
export function parseMsg91Date(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  let at: number;
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(text)) at = Date.parse(`${text.replace(' ', 'T')}+05:30`);
  else if (/^\d{9,10}$/.test(text)) at = Number(text) * 1000;
  else if (/^\d{12,13}$/.test(text)) at = Number(text);
  else at = Date.parse(text);
  return Number.isNaN(at) ? undefined : new Date(at);
}

/**
 * Delivery reports from MSG91's SMS webhook. Each flow request goes to one number, so its request
 * id (the `message` of the send answer) names the message. Records without a request id or with
 * a status we do not know are left out rather than guessed.
 */
export function parseMsg91DeliveryReport(body: unknown, now: Date = new Date()): DeliveryReport[] {
  const reports: DeliveryReport[] = [];
  for (const record of webhookRecords(body)) {
    const entries = Array.isArray(record.report) ? record.report.filter((entry): entry is Fields => Boolean(entry) && typeof entry === 'object') : [record];
    for (const entry of entries) {
      const providerMessageId = field(entry, 'requestId', 'request_id') ?? field(record, 'requestId', 'request_id');
      const code = field(entry, 'status');
      const known = reportStatus(code, field(entry, 'desc', 'description'));
      if (!providerMessageId || !known) continue;
      const at = parseMsg91Date(field(entry, 'date', 'deliveryTime', 'deliveredAt', 'requestedAt', 'ts')) ?? now;
      if (known.status !== 'FAILED') {
        reports.push({ providerMessageId, status: known.status, at });
        continue;
      }
      const detail = providerDetail(field(entry, 'failedReason', 'failureReason'));
      const codeNote = code && REPORT_CODES[code] ? ` (status ${code})` : '';
      reports.push({ providerMessageId, status: 'FAILED', at, reason: `MSG91: ${known.label}${codeNote}${detail ? `: ${detail.slice(0, 120)}` : ''}` });
    }
  }
  return reports;
}

/** An Indian number as MSG91 forwards it (10 digits, 0-prefixed or with 91) or any E.164, as E.164. */
function toE164(raw: string | undefined): string | undefined {
  const digits = raw?.replace(/\D/g, '') ?? '';
  if (/^[6-9]\d{9}$/.test(digits)) return `+91${digits}`;
  if (/^0[6-9]\d{9}$/.test(digits)) return `+91${digits.slice(1)}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : undefined;
}

/**
 * SMS a patient sent to the organisation's long code (virtual number) or keyword, as MSG91's
 * inbound forwarding posts them: `sender`, `content`, `inNumber`, `keyword`, `rcvd` (with the
 * usual aliases accepted). The forward carries no message id, so one is derived from the fields:
 * a redelivery of the same SMS gets the same id.
 */
export function parseMsg91Inbound(body: unknown, now: Date = new Date()): InboundMessage[] {
  const messages: InboundMessage[] = [];
  for (const record of webhookRecords(body)) {
    const from = toE164(field(record, 'sender', 'mobile', 'from', 'msisdn', 'mobiles'));
    const text = field(record, 'content', 'message', 'text', 'msg');
    if (!from || !text) continue;
    const toNumber = field(record, 'inNumber', 'longcode', 'longCode', 'to', 'receiver', 'vmn')?.replace(/\D/g, '');
    const recipientId = toNumber || field(record, 'keyword')?.toUpperCase() || 'msg91';
    const date = field(record, 'rcvd', 'receivedAt', 'date', 'timestamp');
    const providerMessageId =
      field(record, 'requestId', 'request_id', 'messageId', 'id') ??
      `msg91-in-${createHash('sha256')
        .update([from, recipientId, text, date ?? ''].join('\n'))
        .digest('hex')
        .slice(0, 32)}`;
    messages.push({ providerMessageId, recipientId, from, text, at: parseMsg91Date(date) ?? now });
  }
  return messages;
}
