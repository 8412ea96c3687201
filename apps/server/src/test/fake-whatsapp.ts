import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { defaultMessageTemplates, messageEvents, messageLanguages, whatsAppTemplateOf } from '@caredesk/shared';
import { readRequestBody } from './fake-http.js';
import { hmacSha256Hex } from '../lib/payments/signature.js';

export const fakeWhatsAppKeys = { accessToken: 'EAACareDeskTestAccessToken01', appSecret: 'caredesk_whatsapp_app_secret', verifyToken: 'caredesk_whatsapp_verify_token' };

/** The WhatsApp Business Account the fake's webhooks come from, and its display number. */
export const FAKE_WABA_ID = '102290129340398';
const FAKE_DISPLAY_NUMBER = '15550783881';

/**
 * The templates an organisation registers (docs/whatsapp-templates.md): caredesk_<event> in every
 * language, each with as many body parameters as its shipped text uses variables.
 */
export function defaultWhatsAppTemplates(): Record<string, Record<string, number>> {
  const templates: Record<string, Record<string, number>> = {};
  for (const event of messageEvents)
    for (const language of messageLanguages) {
      const { name, variables } = whatsAppTemplateOf(event, defaultMessageTemplates[event][language]);
      (templates[name] ??= {})[language] = variables.length;
    }
  return templates;
}

export interface RecordedWhatsAppRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
  /** The wamid the fake answered with, when it accepted the message. */
  answeredId?: string | undefined;
}

export interface FakeWhatsAppOptions {
  /** Approved templates: name → language code → number of body parameters. Default: defaultWhatsAppTemplates(). */
  templates?: Record<string, Record<string, number>>;
}

export interface FakeWhatsApp {
  /** The apiBase to give the adapter. */
  url: string;
  requests: RecordedWhatsAppRequest[];
  /** The patient wrote within 24 hours: free text to this number (E.164 or digits) is allowed. */
  openWindow(to: string): void;
  /** The next request is answered with this status, body and headers instead. */
  failNext(status: number, body: unknown, headers?: Record<string, string>): void;
  /** The next request is answered only after this long (for timeouts). */
  delayNext(ms: number): void;
  sendStatus: typeof sendWhatsAppStatus;
  sendInbound: typeof sendWhatsAppInbound;
  close(): Promise<void>;
}

type GraphError = { status: number; code: number; message: string; type?: string };

/**
 * A stand-in for the Graph API's POST /v21.0/{phone-number-id}/messages on 127.0.0.1: checks the
 * bearer token, the body's shape, that a template is approved with exactly its number of body
 * parameters and that free text goes only inside an open customer window, like Meta does; records
 * every request and answers a wamid.
 */
export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
  const templates = options.templates ?? defaultWhatsAppTemplates();
  const openWindows = new Set<string>();
  const requests: RecordedWhatsAppRequest[] = [];
  let failure: { status: number; body: unknown; headers: Record<string, string> } | undefined;
  let delayMs = 0;

  const server = createServer((request, response) => {
    void readRequestBody(request).then((body) => {
      const recorded: RecordedWhatsAppRequest = {
        method: request.method!,
        path: request.url!,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      };
      requests.push(recorded);
      const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        const wait = delayMs;
        delayMs = 0;
        setTimeout(() => {
          if (response.destroyed) return;
          response.writeHead(status, { 'content-type': 'application/json', ...headers });
          response.end(JSON.stringify(json));
        }, wait);
      };
      if (failure) {
        const { status, body: failureBody, headers } = failure;
        failure = undefined;
        return answer(status, failureBody, headers);
      }
      const problem = checkRequest(request.method, request.url, request.headers.authorization, body);
      if (problem) return answer(problem.status, graphError(problem));
      const to = (body as { to: string }).to;
      recorded.answeredId = `wamid.${randomBytes(24).toString('base64url')}`;
      const isTemplate = (body as { type: string }).type === 'template';
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: recorded.answeredId, ...(isTemplate ? { message_status: 'accepted' } : {}) }],
      });
    });
  });

  function checkRequest(method: string | undefined, url: string | undefined, authorization: string | undefined, body: unknown): GraphError | undefined {
    if (authorization !== `Bearer ${fakeWhatsAppKeys.accessToken}`)
      return { status: 401, code: 190, type: 'OAuthException', message: 'Error validating access token: The session is invalid because the user logged out.' };
    if (method !== 'POST' || !/^\/v21\.0\/\d+\/messages$/.test(url ?? ''))
      return { status: 400, code: 100, message: `Unsupported ${method?.toLowerCase() ?? ''} request. Please read the Graph API documentation` };
    const message = body as { messaging_product?: unknown; recipient_type?: unknown; to?: unknown; type?: unknown; text?: { body?: unknown }; template?: unknown };
    if (typeof message !== 'object' || message === null) return invalidParameter('The request body is not JSON');
    if (message.messaging_product !== 'whatsapp') return invalidParameter('messaging_product must be whatsapp');
    if (message.recipient_type !== undefined && message.recipient_type !== 'individual') return invalidParameter('recipient_type must be individual');
    if (typeof message.to !== 'string' || !/^\d{8,15}$/.test(message.to)) return invalidParameter('to must be the phone number in digits');
    if (message.type === 'text') {
      if (typeof message.text?.body !== 'string' || message.text.body.length === 0 || message.text.body.length > 4096) return invalidParameter('text.body is required');
      if (!openWindows.has(message.to)) return { status: 400, code: 131047, message: '(#131047) Re-engagement message', type: 'OAuthException' };
      return undefined;
    }
    if (message.type === 'template') return checkTemplate(message.template);
    return invalidParameter('type must be text or template here');
  }

  function checkTemplate(value: unknown): GraphError | undefined {
    const template = value as { name?: unknown; language?: { code?: unknown }; components?: unknown };
    if (typeof template !== 'object' || template === null || typeof template.name !== 'string') return invalidParameter('template.name is required');
    const count = typeof template.language?.code === 'string' ? templates[template.name]?.[template.language.code] : undefined;
    if (count === undefined) return { status: 404, code: 132001, message: '(#132001) Template name does not exist in the translation' };
    const components = Array.isArray(template.components) ? (template.components as { type?: unknown; parameters?: unknown }[]) : [];
    const parameters = components.filter((component) => component.type === 'body').flatMap((component) => (Array.isArray(component.parameters) ? component.parameters : []));
    if (parameters.length !== count) return { status: 400, code: 132000, message: '(#132000) Number of parameters does not match the expected number of params' };
    for (const parameter of parameters as { type?: unknown; text?: unknown }[]) {
      if (parameter.type !== 'text' || typeof parameter.text !== 'string' || parameter.text.length === 0)
        return { status: 400, code: 131008, message: '(#131008) Required parameter is missing' };
      if (/[\n\t]| {5,}/.test(parameter.text)) return invalidParameter('Param text cannot have new-line/tab characters or more than 4 consecutive spaces');
    }
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake WhatsApp did not start');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    openWindow: (to) => {
      openWindows.add(to.replace(/^\+/, ''));
    },
    failNext: (status, body, headers = {}) => {
      failure = { status, body, headers };
    },
    delayNext: (ms) => {
      delayMs = ms;
    },
    sendStatus: sendWhatsAppStatus,
    sendInbound: sendWhatsAppInbound,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function invalidParameter(details: string): GraphError {
  return { status: 400, code: 100, message: `(#100) Invalid parameter: ${details}` };
}

function graphError({ code, message, type }: GraphError) {
  return { error: { message, type: type ?? 'OAuthException', code, fbtrace_id: `A${randomBytes(10).toString('base64url')}` } };
}

export interface WhatsAppStatusInput {
  /** The wamid the send was answered with. */
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The patient's number, E.164 or digits. */
  recipient: string;
  phoneNumberId: string;
  errors?: { code: number; title: string }[];
  /** What the send put in biz_opaque_callback_data (our message id). */
  bizOpaque?: string;
  at?: Date;
}

export interface WhatsAppInboundInput {
  /** The patient's number, E.164 or digits. */
  from: string;
  text: string;
  phoneNumberId: string;
  profileName?: string;
  at?: Date;
}

/** How a webhook delivery is signed: as Meta does, not at all, or with another secret. */
export type WebhookSigning = 'signed' | 'unsigned' | 'wrong-secret';

const unixSeconds = (at: Date = new Date()) => String(Math.floor(at.getTime() / 1000));
const digits = (phone: string) => phone.replace(/^\+/, '');

function webhookEnvelope<Value extends object>(phoneNumberId: string, value: Value) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: FAKE_WABA_ID,
        changes: [
          { field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: FAKE_DISPLAY_NUMBER, phone_number_id: phoneNumberId }, ...value } },
        ],
      },
    ],
  };
}

/** A status webhook's payload as Meta shapes it (with the conversation and pricing we ignore). */
export function whatsAppStatusPayload(input: WhatsAppStatusInput) {
  const recipient = digits(input.recipient);
  return webhookEnvelope(input.phoneNumberId, {
    statuses: [
      {
        id: input.messageId,
        status: input.status,
        timestamp: unixSeconds(input.at),
        recipient_id: recipient,
        ...(input.bizOpaque === undefined ? {} : { biz_opaque_callback_data: input.bizOpaque }),
        ...(input.status === 'failed'
          ? {
              errors: (input.errors ?? [{ code: 131026, title: 'Message undeliverable' }]).map((error) => ({
                ...error,
                message: error.title,
                error_data: { details: error.title },
                href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
              })),
            }
          : {
              conversation: { id: randomBytes(16).toString('hex'), origin: { type: 'utility' } },
              pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
            }),
      },
    ],
  });
}

/** An inbound text message's payload as Meta shapes it. */
export function whatsAppInboundPayload(input: WhatsAppInboundInput) {
  const from = digits(input.from);
  return webhookEnvelope(input.phoneNumberId, {
    contacts: [{ ...(input.profileName === undefined ? {} : { profile: { name: input.profileName } }), wa_id: from }],
    messages: [{ from, id: `wamid.${randomBytes(24).toString('base64url')}`, timestamp: unixSeconds(input.at), type: 'text', text: { body: input.text } }],
  });
}

/** X-Hub-Signature-256 for a raw body. */
export function whatsAppSignature(rawBody: string, secret = fakeWhatsAppKeys.appSecret): string {
  return `sha256=${hmacSha256Hex(secret, rawBody)}`;
}

/** POSTs a payload to a webhook URL as Meta does; answers the HTTP status. */
export async function postWhatsAppWebhook(url: string, payload: unknown, signing: WebhookSigning = 'signed'): Promise<number> {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signing !== 'unsigned') headers['x-hub-signature-256'] = whatsAppSignature(raw, signing === 'signed' ? fakeWhatsAppKeys.appSecret : 'another_app_secret');
  const response = await fetch(url, { method: 'POST', headers, body: raw });
  await response.arrayBuffer();
  return response.status;
}

export function sendWhatsAppStatus(url: string, input: WhatsAppStatusInput, signing: WebhookSigning = 'signed'): Promise<number> {
  return postWhatsAppWebhook(url, whatsAppStatusPayload(input), signing);
}

export function sendWhatsAppInbound(url: string, input: WhatsAppInboundInput, signing: WebhookSigning = 'signed'): Promise<number> {
  return postWhatsAppWebhook(url, whatsAppInboundPayload(input), signing);
}
