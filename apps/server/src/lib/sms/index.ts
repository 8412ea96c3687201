import { randomUUID } from 'node:crypto';
import type { Language } from '@caredesk/shared';
import type { Config } from '../../config.js';
import { msg91Adapter } from '../messaging/msg91.js';
import { AppError } from '../errors.js';

/**
 * A text message gateway (design.md §7): one message to one E.164 number. `variables` are what a
 * DLT template gateway sends instead of the text (the code of a sign-in message).
 */
export interface SmsSender {
  /** `language` is the text's, so a DLT gateway picks the template registered for it. */
  send(phone: string, text: string, variables?: string[], language?: Language): Promise<void>;
  /** The languages it can text; undefined: any. */
  readonly languages?: readonly Language[];
}

/** The part of the app logger the adapters use (pino's signature), so tests can pass a fake. */
export interface SmsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** '+919876543210' -> '+********3210': enough to tell numbers apart in a log, no more. */
export function maskPhone(phone: string): string {
  return phone.slice(0, -4).replace(/\d/g, '*') + phone.slice(-4);
}

/**
 * The development adapter: nothing leaves the machine; the message, code included, goes to the
 * log at info so a developer can sign in. The phone is masked: logs are kept and shared.
 */
export function logSmsSender(log: SmsLog): SmsSender {
  return {
    async send(phone, text) {
      log.info({ to: maskPhone(phone), text }, 'SMS not sent (development adapter): message written to the log');
    },
  };
}

/**
 * Production without a gateway refuses to send rather than log: a sign-in code in a production
 * log would let anyone who reads the log sign in as the patient. The server still starts (staff
 * work does not depend on SMS); the refusal is a 503 the patient app can show.
 */
export function unavailableSmsSender(): SmsSender {
  return {
    async send() {
      throw new AppError(503, 'Sign-in by text message is not available yet. Please try again later.');
    },
  };
}

/**
 * Sign-in codes through MSG91's Flow API: the code is the template's one variable (DLT requires
 * the registered text; the provider fills it in). Each language texts through its own registered
 * template; a language without one is not offered (`languages`), so its codes go out in English.
 * A refusal is a 503 the patient app can show.
 */
export function msg91SmsSender(
  options: { authKey: string; apiBase: string; senderId?: string | undefined; templateIds: { en: string } & Partial<Record<Language, string>> },
  log: SmsLog,
): SmsSender {
  const adapter = msg91Adapter({ authKey: options.authKey, apiBase: options.apiBase, ...(options.senderId ? { senderId: options.senderId } : {}) });
  const { templateIds } = options;
  return {
    languages: (Object.keys(templateIds) as Language[]).filter((language) => templateIds[language] !== undefined),
    async send(phone, text, variables = [], language = 'en') {
      const template = { name: templateIds[language] ?? templateIds.en, language: templateIds[language] === undefined ? 'en' : language, variables };
      const outcome = await adapter.send({ id: randomUUID(), to: phone, text, template, insideCustomerWindow: false });
      if (outcome.kind === 'accepted') return;
      log.warn({ to: maskPhone(phone), outcome: outcome.kind, reason: outcome.reason }, 'sign-in code not sent by MSG91');
      throw new AppError(503, 'The code could not be sent just now. Please try again in a minute.');
    },
  };
}

export function createSmsSender(
  config: Pick<Config, 'NODE_ENV' | 'SMS_PROVIDER'> &
    Partial<
      Pick<
        Config,
        'MSG91_AUTH_KEY' | 'MSG91_API_BASE' | 'MSG91_SENDER_ID' | 'MSG91_OTP_TEMPLATE_ID' | 'MSG91_OTP_TEMPLATE_ID_HI' | 'MSG91_OTP_TEMPLATE_ID_KN' | 'MSG91_OTP_TEMPLATE_ID_TA'
      >
    >,
  log: SmsLog,
): SmsSender {
  if (config.SMS_PROVIDER === 'msg91' && config.MSG91_AUTH_KEY && config.MSG91_OTP_TEMPLATE_ID) {
    return msg91SmsSender(
      {
        authKey: config.MSG91_AUTH_KEY,
        apiBase: config.MSG91_API_BASE ?? 'https://control.msg91.com',
        senderId: config.MSG91_SENDER_ID,
        templateIds: {
          en: config.MSG91_OTP_TEMPLATE_ID,
          ...(config.MSG91_OTP_TEMPLATE_ID_HI ? { hi: config.MSG91_OTP_TEMPLATE_ID_HI } : {}),
          ...(config.MSG91_OTP_TEMPLATE_ID_KN ? { kn: config.MSG91_OTP_TEMPLATE_ID_KN } : {}),
          ...(config.MSG91_OTP_TEMPLATE_ID_TA ? { ta: config.MSG91_OTP_TEMPLATE_ID_TA } : {}),
        },
      },
      log,
    );
  }
  if (config.SMS_PROVIDER === 'log' || config.NODE_ENV !== 'production') return logSmsSender(log);
  log.warn({}, 'No SMS provider is configured (SMS_PROVIDER): patient-app sign-in codes cannot be sent, and are not logged, in production');
  return unavailableSmsSender();
}
