import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { readRequestBody } from './fake-http.js';
import { MSG91_WEBHOOK_SECRET_HEADER, MSG91_WEBHOOK_SECRET_QUERY } from '../lib/messaging/msg91.js';
import type { Config } from '../config.js';

export const fakeMsg91Keys = { authKey: 'caredesk-msg91-test-authkey', webhookSecret: 'caredesk_msg91_webhook_secret' };

export interface FakeMsg91Options {
  /**
   * The templates the account has, each with its variable count: a template_id outside the map
   * is refused, and each recipient must carry exactly VAR1..VARn. Without it any id of 6 to 40
   * letters and digits is taken, with any count of VAR1..VARn.
   */
  templates?: Record<string, number>;
}

export interface RecordedFlowRequest {
  method: string;
  path: string;
  authkey: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface FakeMsg91 {
  url: string;
  requests: RecordedFlowRequest[];
  /** The next request is answered with this status, body and headers instead. */
  failNext(status: number, body: unknown, headers?: Record<string, string>): void;
  /** The next request is answered only after this long (for timeouts). */
  delayNext(ms: number): void;
  close(): Promise<void>;
}

/** Why MSG91 would refuse a flow body, or undefined when it would take it. */
function flowBodyProblem(body: unknown, templates: Record<string, number> | undefined): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'Request body must be a JSON object';
  const flow = body as Record<string, unknown>;
  const templateId = flow.template_id;
  if (typeof templateId !== 'string' || !templateId) return 'template_id is required';
  const variableCount = templates ? templates[templateId] : /^[0-9A-Za-z]{6,40}$/.test(templateId) ? null : undefined;
  if (variableCount === undefined) return 'Template ID is invalid';
  if (flow.short_url !== undefined && flow.short_url !== '0' && flow.short_url !== '1') return 'short_url must be 0 or 1';
  if (flow.sender !== undefined && (typeof flow.sender !== 'string' || !/^[A-Za-z0-9]{3,11}$/.test(flow.sender))) return 'Invalid sender id';
  if (!Array.isArray(flow.recipients) || flow.recipients.length === 0) return 'recipients is required';
  for (const recipient of flow.recipients as unknown[]) {
    if (!recipient || typeof recipient !== 'object') return 'Each recipient must be an object';
    const { mobiles, ...variables } = recipient as Record<string, unknown>;
    if (typeof mobiles !== 'string' || !/^[1-9]\d{7,14}$/.test(mobiles) || (mobiles.startsWith('91') && mobiles.length !== 12)) return 'Mobile number is invalid';
    const names = Object.keys(variables);
    const count = variableCount ?? names.length;
    const expected = Array.from({ length: count }, (_, index) => `VAR${index + 1}`);
    if (names.length !== count || expected.some((name) => typeof variables[name] !== 'string')) return `Template variables must be exactly ${expected.join(', ') || 'none'}`;
  }
  return undefined;
}

/**
 * A stand-in for MSG91's v5 Flow API (POST /api/v5/flow) on 127.0.0.1: checks the authkey
 * header with fakeMsg91Keys, the template and its variables, records every request, answers a
 * request id as MSG91 does.
 */
export async function startFakeMsg91(options: FakeMsg91Options = {}): Promise<FakeMsg91> {
  const requests: RecordedFlowRequest[] = [];
  let failure: { status: number; body: unknown; headers: Record<string, string> } | undefined;
  let delayMs = 0;
  const answer = (response: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(json));
  };
  const server = createServer((request, response) => {
    void readRequestBody(request).then((body) => {
      requests.push({ method: request.method!, path: request.url!, authkey: request.headers.authkey as string | undefined, contentType: request.headers['content-type'], body });
      const reply = () => {
        if (failure) {
          const { status, body: failureBody, headers } = failure;
          failure = undefined;
          return answer(response, status, failureBody, headers);
        }
        if (request.method !== 'POST' || !/^\/api\/v5\/flow\/?$/.test(request.url ?? '')) return answer(response, 404, { type: 'error', message: 'Not found' });
        if (request.headers.authkey !== fakeMsg91Keys.authKey) return answer(response, 401, { type: 'error', message: 'Authentication failure' });
        if (typeof body === 'string') return answer(response, 400, { type: 'error', message: 'Invalid JSON' });
        const problem = flowBodyProblem(body, options.templates);
        if (problem) return answer(response, 400, { type: 'error', message: problem });
        answer(response, 200, { type: 'success', message: randomBytes(12).toString('hex') });
      };
      const delay = delayMs;
      delayMs = 0;
      if (delay > 0) setTimeout(reply, delay);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake MSG91 did not start');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    failNext: (status, body, headers = {}) => {
      failure = { status, body, headers };
    },
    delayNext: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** MSG91 writes dates as 'YYYY-MM-DD HH:mm:ss' in India time. */
function istDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The documented delivery-report codes and descriptions; or any code and description. */
export type Msg91ReportStatus = 'delivered' | 'failed' | 'ndnc' | 'rejected' | 'blocked' | { code: string; desc: string };
const REPORT_STATUSES = {
  delivered: { code: '1', desc: 'DELIVERED' },
  failed: { code: '2', desc: 'FAILED' },
  ndnc: { code: '9', desc: 'NDNC' },
  rejected: { code: '16', desc: 'REJECTED' },
  blocked: { code: '17', desc: 'BLOCKED' },
} as const;

export interface Msg91DeliveryReportInput {
  requestId: string;
  /** E.164 or digits; sent as MSG91 does, digits with the country code. */
  number: string;
  status: Msg91ReportStatus;
  date?: Date;
  failedReason?: string;
}

function reportFields({ requestId, number, status, date = new Date(), failedReason = '' }: Msg91DeliveryReportInput) {
  const { code, desc } = typeof status === 'string' ? REPORT_STATUSES[status] : status;
  return { requestId, report: { date: istDate(date), number: digitsOf(number), status: code, desc, failedReason } };
}

/** The old SMS webhook's v2 body: form-encoded, `data` a JSON array in a string. */
export function msg91DeliveryReportPayload(input: Msg91DeliveryReportInput): { data: string } {
  const { requestId, report } = reportFields(input);
  const record = { senderId: 'CRDESK', requestId, report: [{ ...report, credit: '1', INMSID: '0', CRQID: '0' }], userId: '123456', campaignName: 'API' };
  return { data: JSON.stringify([record]) };
}

/** The old SMS webhook's v3 body: one flat JSON object per number. */
export function msg91DeliveryReportJsonPayload(input: Msg91DeliveryReportInput): Record<string, string> {
  const { requestId, report } = reportFields(input);
  return { ...report, senderId: 'CRDESK', requestId, credit: '1', userId: '123456', campaignName: 'API' };
}

export interface Msg91InboundInput {
  /** The patient's phone, E.164 or digits. */
  from: string;
  text: string;
  /** The long code (virtual number) it was sent to. */
  to: string;
  at?: Date;
}

/** An SMS to the virtual number as MSG91's inbound forwarding posts it (form fields). */
export function msg91InboundPayload({ from, text, to, at = new Date() }: Msg91InboundInput): Record<string, string> {
  return { inNumber: digitsOf(to), sender: digitsOf(from), keyword: text.trim().split(/\s+/)[0]?.toUpperCase() ?? '', content: text, rcvd: istDate(at) };
}

export interface WebhookAuth {
  /** The shared secret to send: fakeMsg91Keys.webhookSecret by default, null to send none. */
  secret?: string | null;
  /** Where the secret goes: our header (default) or the `?secret=` query parameter. */
  secretIn?: 'header' | 'query';
}

async function postWebhook(url: string, body: string, contentType: string, { secret = fakeMsg91Keys.webhookSecret, secretIn = 'header' }: WebhookAuth): Promise<number> {
  const target = new URL(url);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (secret !== null && secretIn === 'query') target.searchParams.set(MSG91_WEBHOOK_SECRET_QUERY, secret);
  if (secret !== null && secretIn === 'header') headers[MSG91_WEBHOOK_SECRET_HEADER] = secret;
  const response = await fetch(target, { method: 'POST', headers, body });
  await response.arrayBuffer();
  return response.status;
}

/** POSTs a delivery report as MSG91 does (v2 form by default, or v3 JSON); answers the HTTP status. */
export function sendDeliveryReport(url: string, input: Msg91DeliveryReportInput & WebhookAuth & { format?: 'form' | 'json' }): Promise<number> {
  return input.format === 'json'
    ? postWebhook(url, JSON.stringify(msg91DeliveryReportJsonPayload(input)), 'application/json', input)
    : postWebhook(url, new URLSearchParams(msg91DeliveryReportPayload(input)).toString(), 'application/x-www-form-urlencoded', input);
}

/** POSTs an inbound SMS as MSG91's forwarding does; answers the HTTP status. */
export function sendInbound(url: string, input: Msg91InboundInput & WebhookAuth): Promise<number> {
  return postWebhook(url, new URLSearchParams(msg91InboundPayload(input)).toString(), 'application/x-www-form-urlencoded', input);
}

/** The fake with an English and a Hindi sign-in template, and a server's settings to text codes through it. */
export async function startOtpMsg91(): Promise<{ fake: FakeMsg91; settings: Partial<Config> }> {
  const fake = await startFakeMsg91({ templates: { CDOTP00001: 1, CDOTPHI001: 1 } });
  return {
    fake,
    settings: {
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: fakeMsg91Keys.authKey,
      MSG91_API_BASE: fake.url,
      MSG91_OTP_TEMPLATE_ID: 'CDOTP00001',
      MSG91_OTP_TEMPLATE_ID_HI: 'CDOTPHI001',
    },
  };
}
