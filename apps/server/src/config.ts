import { createECDH } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_TTL_SECONDS, paymentProviders, type PaymentProvider } from '@caredesk/shared';
import { z } from 'zod';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from './lib/push/endpoints.js';

const booleanFromString = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

/** apps/web/dist, resolved from this file so src/ (tsx) and dist/ (node) agree. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** apps/patient/dist, likewise. */
const defaultPatientDist = fileURLToPath(new URL('../../patient/dist', import.meta.url));

/**
 * Every environment variable the server reads, parsed once. README.md (Configuration) documents them;
 * keep the two in step. No other module reads process.env.
 */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    WEB_DIST: z.string().min(1).default(defaultWebDist),
    PATIENT_DIST: z.string().min(1).default(defaultPatientDist),
    SEED_DEMO: booleanFromString.default(true),
    TRUST_PROXY: booleanFromString.default(false),
    /** Staff sign-in limits (modules/auth/sign-in-limits.ts), each per window: */
    /** failures per account from one client IP; */
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    /** failures per account from every address, before progressive delays (never a lock); */
    SIGN_IN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** accounts tried and not signed in to from one client IP (a clinic's NAT shares one). */
    SIGN_IN_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(50),
    SIGN_IN_RATE_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    /**
     * Lifetime of a console access token (sign-in and every refresh). The console renews it on the
     * first 401, so a few seconds work (the two-tabs browser test uses that); a day at most.
     */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60 * 60)
      .default(ACCESS_TOKEN_TTL_SECONDS),
    /**
     * Where patient sign-in codes go (lib/sms). Unset: written to the log, except in production,
     * where codes are refused rather than logged. 'log' forces the log (a staging server).
     */
    SMS_PROVIDER: z.enum(['log', 'msg91']).optional(),
    /** MSG91 (SMS_PROVIDER=msg91): the account's auth key, API base, sender id, webhook secret, and the DLT-linked template of sign-in codes. */
    MSG91_AUTH_KEY: z.string().min(1).optional(),
    MSG91_API_BASE: z.url().default('https://control.msg91.com'),
    MSG91_SENDER_ID: z.string().min(1).optional(),
    MSG91_WEBHOOK_SECRET: z.string().min(16, 'MSG91_WEBHOOK_SECRET must be at least 16 characters').optional(),
    MSG91_OTP_TEMPLATE_ID: z.string().min(1).optional(),
    /** The sign-in code's DLT template in Hindi, Kannada and Tamil; a language without one texts its codes in English. */
    MSG91_OTP_TEMPLATE_ID_HI: z.string().min(1).optional(),
    MSG91_OTP_TEMPLATE_ID_KN: z.string().min(1).optional(),
    MSG91_OTP_TEMPLATE_ID_TA: z.string().min(1).optional(),
    /**
     * Messages to patients (modules/messages). WHATSAPP_PROVIDER: 'whatsapp-cloud' (the WhatsApp
     * Business Cloud API) or 'log'. Unset outside production: 'log' (written to the server log and
     * marked delivered, so the whole flow runs offline).
     */
    WHATSAPP_PROVIDER: z.enum(['whatsapp-cloud', 'log']).optional(),
    WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
    /** Checks X-Hub-Signature-256 of every webhook delivery. */
    WHATSAPP_APP_SECRET: z.string().min(1).optional(),
    /** Answers Meta's webhook verification handshake (hub.verify_token). */
    WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
    WHATSAPP_API_BASE: z.url().default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/)
      .default('v21.0'),
    /**
     * The channels messages go out on, comma-separated (WHATSAPP, SMS). Unset: both outside
     * production; in production those whose provider is configured. A channel listed here without
     * its provider in production refuses to start.
     */
    MESSAGE_CHANNELS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((channel) => channel.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(['WHATSAPP', 'SMS'])))
      .optional(),
    /** The address patients reach this server at (https://care.example.in): links in their messages (a report). */
    PUBLIC_URL: z.url().optional(),
    /** What a message costs the organisation's wallet, in paise (shown in Settings → Messages). */
    MESSAGE_PRICE_WHATSAPP_PAISE: z.coerce.number().int().min(0).max(100_000).default(50),
    MESSAGE_PRICE_SMS_PAISE: z.coerce.number().int().min(0).max(100_000).default(25),
    /** Patient sign-in codes sent per phone, and per client IP, in one window. */
    OTP_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    OTP_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    OTP_RATE_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    CHAT_SEND_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /** Requests to the public pages' API (/api/public/*) per client IP a minute. */
    PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /**
     * The audit chain's HMAC key (modules/audit/keys.ts). Unset: generated once into AUDIT_DIR;
     * with DATABASE_URL every process must then share that file (a warning says so at start).
     */
    AUDIT_HMAC_KEY: z.string().min(32, 'AUDIT_HMAC_KEY must be at least 32 characters').optional(),
    /** Signed anchors of the audit chain heads (and the generated key): `${DATA_DIR}-audit` when unset. */
    AUDIT_DIR: z.string().min(1).optional(),
    /** Minutes between anchor exports (also written at start and shutdown); 0 turns anchors off. */
    AUDIT_ANCHOR_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(10),
    /** Embedded mode's automatic backups (modules/backups): where, how often (0 = never), how many kept. */
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_INTERVAL_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 31)
      .default(24),
    BACKUP_RETENTION: z.coerce.number().int().min(1).max(1000).default(14),
    /** Also copy each backup to the uploads bucket (S3_BUCKET) under backups/, pruned alike. */
    BACKUP_S3: booleanFromString.default(false),
    /** Local upload directory; `${DATA_DIR}/uploads` when unset (lib/storage). */
    UPLOAD_DIR: z.string().min(1).optional(),
    /** S3-compatible object storage for uploads, used instead of the local directory when set. */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** lib/payments: 'razorpay' when both Razorpay keys are set, else 'simulated' (the test gateway). */
    PAYMENT_PROVIDER: z.enum(paymentProviders).optional(),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
    /** The simulated gateway takes no money: refused in production unless a demo server opts in. */
    ALLOW_SIMULATED_PAYMENTS: booleanFromString.default(false),
    /**
     * Web Push VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it). Unset:
     * generated once and kept in the database (lib/push/vapid.ts), so every process signs alike.
     */
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    /** Who push services contact about our pushes: a mailto: or https: URL (RFC 8292). */
    VAPID_SUBJECT: z
      .string()
      .refine((value) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value), 'VAPID_SUBJECT must be a mailto: or https: URL')
      .default('mailto:admin@caredesk.local'),
    /**
     * Hosts push endpoints may point at (lib/push/endpoints.ts), comma-separated; `*.domain` allows
     * its subdomains. Anything else is refused at save and never sent to.
     */
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_ENDPOINT_HOSTS.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (hosts) => hosts.length > 0 && hosts.every((host) => /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)),
        'PUSH_ENDPOINT_HOSTS must be host names or *.domain, comma-separated',
      ),
  })
  .superRefine((config, context) => {
    if (config.S3_BUCKET) {
      for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required when S3_BUCKET is set` });
      }
    }
    // A backup inside the data directory is lost with it, and would be copied into the next backup.
    if (config.BACKUP_DIR && isInsideDir(config.DATA_DIR, config.BACKUP_DIR)) {
      context.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'BACKUP_DIR must not be inside DATA_DIR' });
    }
    if (config.BACKUP_S3 && !config.S3_BUCKET)
      context.addIssue({ code: 'custom', path: ['BACKUP_S3'], message: 'BACKUP_S3 needs the S3 bucket settings (S3_BUCKET and its keys)' });
    const vapidProblem = vapidKeyProblem(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY);
    if (vapidProblem) context.addIssue({ code: 'custom', path: [vapidProblem.variable], message: vapidProblem.message });
    const provider = paymentProviderOf(config);
    if (provider === 'razorpay') {
      for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const) {
        if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required when PAYMENT_PROVIDER is razorpay` });
      }
    }
    if (config.SMS_PROVIDER === 'msg91' && !config.MSG91_AUTH_KEY)
      context.addIssue({ code: 'custom', path: ['MSG91_AUTH_KEY'], message: 'MSG91_AUTH_KEY is required when SMS_PROVIDER is msg91' });
    if (config.WHATSAPP_PROVIDER === 'whatsapp-cloud') {
      for (const name of ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
        if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: `${name} is required when WHATSAPP_PROVIDER is whatsapp-cloud` });
      }
    }
    if (config.NODE_ENV === 'production') {
      const providers = { WHATSAPP: config.WHATSAPP_PROVIDER, SMS: config.SMS_PROVIDER };
      for (const channel of config.MESSAGE_CHANNELS ?? []) {
        if (!providers[channel])
          context.addIssue({
            code: 'custom',
            path: ['MESSAGE_CHANNELS'],
            message: `${channel} is enabled but has no provider: set ${channel === 'WHATSAPP' ? 'WHATSAPP_PROVIDER' : 'SMS_PROVIDER'} (or 'log' for a staging server), or leave ${channel} out of MESSAGE_CHANNELS`,
          });
      }
    }
    if (provider === 'simulated' && config.NODE_ENV === 'production' && !config.ALLOW_SIMULATED_PAYMENTS) {
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'the simulated payment gateway (test mode, no money moves) is refused with NODE_ENV=production: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or ALLOW_SIMULATED_PAYMENTS=true for a demo server',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

/** The payment gateway in use: as configured, else Razorpay when its keys are set, else simulated. */
export function paymentProviderOf(config: Pick<Config, 'PAYMENT_PROVIDER' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET'>): PaymentProvider {
  if (config.PAYMENT_PROVIDER) return config.PAYMENT_PROVIDER;
  return config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET ? 'razorpay' : 'simulated';
}

export type MessageChannelProviders = { WHATSAPP: 'whatsapp-cloud' | 'log' | null; SMS: 'msg91' | 'log' | null };

/** How each message channel is sent here; null: the channel is off on this server. */
export function messageProvidersOf(config: Pick<Config, 'NODE_ENV' | 'MESSAGE_CHANNELS' | 'WHATSAPP_PROVIDER' | 'SMS_PROVIDER'>): MessageChannelProviders {
  const production = config.NODE_ENV === 'production';
  const enabled = (channel: 'WHATSAPP' | 'SMS', configured: boolean) => (config.MESSAGE_CHANNELS ? config.MESSAGE_CHANNELS.includes(channel) : !production || configured);
  return {
    WHATSAPP: enabled('WHATSAPP', Boolean(config.WHATSAPP_PROVIDER)) ? (config.WHATSAPP_PROVIDER ?? (production ? null : 'log')) : null,
    SMS: enabled('SMS', Boolean(config.SMS_PROVIDER)) ? (config.SMS_PROVIDER ?? (production ? null : 'log')) : null,
  };
}

/** Both VAPID keys or neither; a P-256 private key (32 bytes) and the public key that belongs to it. */
function vapidKeyProblem(publicKey: string | undefined, privateKey: string | undefined): { variable: string; message: string } | undefined {
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey) return { variable: 'VAPID_PUBLIC_KEY', message: 'VAPID_PUBLIC_KEY is required when VAPID_PRIVATE_KEY is set' };
  if (!privateKey) return { variable: 'VAPID_PRIVATE_KEY', message: 'VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set' };
  const base64url = /^[A-Za-z0-9_-]+$/;
  const privateBytes = Buffer.from(privateKey, 'base64url');
  if (!base64url.test(privateKey) || privateBytes.length !== 32)
    return { variable: 'VAPID_PRIVATE_KEY', message: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)' };
  let derived: string;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    derived = ecdh.getPublicKey('base64url');
  } catch {
    return { variable: 'VAPID_PRIVATE_KEY', message: 'VAPID_PRIVATE_KEY is not a valid P-256 private key' };
  }
  if (derived !== publicKey) return { variable: 'VAPID_PUBLIC_KEY', message: 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY' };
  return undefined;
}

function isInsideDir(parent: string, child: string): boolean {
  const path = relative(resolve(parent), resolve(child));
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

/** Empty strings count as unset, so `DATABASE_URL=` in a shell or .env does not fail parsing. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
