import type { MessageLogItem, MessageSettingsUpdate } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { messageSettings, walletEntries, wallets, whatsappSubscriptions } from '../../db/schema/index.js';
import { testConfig } from '../../test/config.js';
import { createTestDatabase, type Driver } from '../../test/database.js';
import { fakeMsg91Keys, startFakeMsg91, type FakeMsg91 } from '../../test/fake-msg91.js';
import { fakeWhatsAppKeys, startFakeWhatsApp, type FakeWhatsApp } from '../../test/fake-whatsapp.js';
import type { ApiClient } from '../../test/fixtures.js';

/** The organisation's WhatsApp number in tests: inbound webhooks name it. */
export const TEST_PHONE_NUMBER_ID = '109876543210987';
/** DLT-linked MSG91 template ids per event (the fake's registered templates). */
export const TEST_SMS_TEMPLATES = {
  booked: 'CDBOOKED01',
  reminder: 'CDREMIND01',
  rescheduled: 'CDMOVED001',
  cancelled: 'CDCANCEL01',
  serving: 'CDSERVE001',
  next: 'CDNEXT0001',
} as const;

/** Configuration of an app that sends through the fakes and trusts their webhooks. */
export function providerConfig(whatsapp: FakeWhatsApp, sms: FakeMsg91, overrides: Partial<Config> = {}): Config {
  return testConfig({
    WEB_DIST: '/nonexistent-caredesk-web-dist',
    SIGN_IN_IP_RATE_LIMIT: 100_000,
    WHATSAPP_PROVIDER: 'whatsapp-cloud',
    WHATSAPP_ACCESS_TOKEN: fakeWhatsAppKeys.accessToken,
    WHATSAPP_APP_SECRET: fakeWhatsAppKeys.appSecret,
    WHATSAPP_VERIFY_TOKEN: fakeWhatsAppKeys.verifyToken,
    WHATSAPP_API_BASE: whatsapp.url,
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: fakeMsg91Keys.authKey,
    MSG91_API_BASE: sms.url,
    MSG91_WEBHOOK_SECRET: fakeMsg91Keys.webhookSecret,
    ...overrides,
  });
}

/** The real app, its message sender polling slowly: tests drain it when they mean to. */
export async function messagesApp(database: Database, config: Config, options: { retryBaseSeconds?: number } = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config, database, messages: { pollIntervalMs: 60 * 60_000, ...options } });
  await app.ready();
  return app;
}

/** A wallet with this many rupees, the WhatsApp add-on active, and the settings of a ready organisation. */
export async function readyToMessage(db: Db, organisationId: string, options: { rupees?: number; addon?: boolean; settings?: MessageSettingsUpdate } = {}): Promise<void> {
  const balancePaise = (options.rupees ?? 1000) * 100;
  await db.transaction(async (tx) => {
    await tx.insert(wallets).values({ organisationId, balancePaise }).onConflictDoUpdate({ target: wallets.organisationId, set: { balancePaise } });
    if (balancePaise > 0)
      await tx.insert(walletEntries).values({ organisationId, kind: 'CREDIT', amountPaise: balancePaise, balanceAfterPaise: balancePaise, description: 'Test credit' });
  });
  if (options.addon ?? true) {
    await db.insert(whatsappSubscriptions).values({ organisationId, startsAt: new Date(Date.now() - 86_400_000), endsAt: new Date(Date.now() + 30 * 86_400_000) });
  }
  const settings: MessageSettingsUpdate = { whatsappPhoneNumberId: TEST_PHONE_NUMBER_ID, smsTemplateIds: { ...TEST_SMS_TEMPLATES }, quietHours: null, ...options.settings };
  await db.insert(messageSettings).values({ organisationId, settings }).onConflictDoUpdate({ target: messageSettings.organisationId, set: { settings } });
}

export async function balancePaise(db: Db, organisationId: string): Promise<number> {
  const [row] = await db.select({ balancePaise: wallets.balancePaise }).from(wallets).where(eq(wallets.organisationId, organisationId));
  return row?.balancePaise ?? 0;
}

/** The message log as the console reads it. */
export async function messageLog(client: ApiClient, query: Record<string, string> = {}): Promise<MessageLogItem[]> {
  const response = await client.get(`/api/messages?${new URLSearchParams({ pageSize: '200', ...query }).toString()}`);
  if (response.statusCode !== 200) throw new Error(`message log: ${response.statusCode} ${response.body}`);
  return response.json<{ data: MessageLogItem[] }>().data;
}

export interface ProviderApp {
  readonly whatsapp: FakeWhatsApp;
  readonly sms: FakeMsg91;
  readonly database: Database;
  readonly db: Db;
  readonly app: FastifyInstance;
  /** The app's origin when it listens (webhooks are posted to it); '' otherwise. */
  readonly base: string;
  /** Sends everything due now (the sender polls only hourly in these suites). */
  drain(): Promise<void>;
}

/**
 * The real app on a fresh database for the enclosing describe, sending through a fake WhatsApp
 * Cloud API and a fake MSG91 (whose recorded requests are cleared after each test), closed with
 * the suite.
 */
export function useProviderApp(driver: Driver, options: { msg91Templates?: Record<string, number>; retryBaseSeconds?: number; listen?: boolean } = {}): ProviderApp {
  let state: Omit<ProviderApp, 'drain'> | undefined;
  const current = () => {
    if (!state) throw new Error('The provider app exists from the suite’s beforeAll to its afterAll');
    return state;
  };
  beforeAll(async () => {
    const whatsapp = await startFakeWhatsApp();
    const sms = await startFakeMsg91(options.msg91Templates ? { templates: options.msg91Templates } : {});
    const database = await createTestDatabase(driver);
    const app = await messagesApp(database, providerConfig(whatsapp, sms), options.retryBaseSeconds ? { retryBaseSeconds: options.retryBaseSeconds } : {});
    const base = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
    state = { whatsapp, sms, database, db: database.db as Db, app, base };
  });
  afterAll(async () => {
    if (!state) return;
    await state.app.close();
    await state.database.close();
    await state.whatsapp.close();
    await state.sms.close();
  });
  afterEach(() => {
    if (!state) return;
    state.whatsapp.requests.length = 0;
    state.sms.requests.length = 0;
  });
  return {
    get whatsapp() {
      return current().whatsapp;
    },
    get sms() {
      return current().sms;
    },
    get database() {
      return current().database;
    },
    get db() {
      return current().db;
    },
    get app() {
      return current().app;
    },
    get base() {
      return current().base;
    },
    drain: () => current().app.patientMessages.drain(),
  };
}

/** The visit subscriber alone, for tests that run a visit write without the app. */
export { messageSubscriber } from './subscriber.js';
export { createMessageSettingsCache } from './settings.js';
