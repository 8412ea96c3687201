import type { Config } from '../../config.js';
import { AppError } from '../errors.js';

/** A text message gateway (design.md §7): one message to one E.164 number. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
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

export function createSmsSender(config: Pick<Config, 'NODE_ENV' | 'SMS_PROVIDER'>, log: SmsLog): SmsSender {
  if (config.SMS_PROVIDER === 'log' || config.NODE_ENV !== 'production') return logSmsSender(log);
  log.warn({}, 'No SMS provider is configured (SMS_PROVIDER): patient-app sign-in codes cannot be sent, and are not logged, in production');
  return unavailableSmsSender();
}
