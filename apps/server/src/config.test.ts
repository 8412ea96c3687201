import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig, messageProvidersOf, paymentProviderOf } from './config.js';

describe('payment configuration', () => {
  it('uses Razorpay when both keys are set, else the simulated gateway, unless PAYMENT_PROVIDER says', () => {
    expect(paymentProviderOf(loadConfig({}))).toBe('simulated');
    expect(paymentProviderOf(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 's' }))).toBe('razorpay');
    expect(paymentProviderOf(loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_1' }))).toBe('simulated');
    expect(paymentProviderOf(loadConfig({ PAYMENT_PROVIDER: 'simulated', RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 's' }))).toBe('simulated');
    expect(loadConfig({}).RAZORPAY_API_BASE).toBe('https://api.razorpay.com');
  });

  it('requires both Razorpay keys when PAYMENT_PROVIDER=razorpay', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_1' })).toThrow(
      'RAZORPAY_KEY_SECRET: RAZORPAY_KEY_SECRET is required when PAYMENT_PROVIDER is razorpay',
    );
  });

  it('refuses the simulated gateway in production unless ALLOW_SIMULATED_PAYMENTS=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER: the simulated payment gateway .* is refused with NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulated' })).toThrow(/ALLOW_SIMULATED_PAYMENTS=true/);
    expect(paymentProviderOf(loadConfig({ NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true' }))).toBe('simulated');
    expect(paymentProviderOf(loadConfig({ NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_live_1', RAZORPAY_KEY_SECRET: 's' }))).toBe('razorpay');
  });
});

describe('VAPID configuration', () => {
  const pair = webpush.generateVAPIDKeys();

  it('takes a matching key pair and a mailto: or https: subject', () => {
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'https://clinic.example/contact' });
    expect(config).toMatchObject({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_SUBJECT: 'https://clinic.example/contact' });
    expect(loadConfig({}).VAPID_SUBJECT).toBe('mailto:admin@caredesk.local');
  });

  it('refuses half a pair, keys that do not belong together, and another kind of subject', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow('VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set');
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow('VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY is required');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      'VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY',
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      'VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY must be a base64url P-256 private key',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@caredesk.local' })).toThrow('VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: or https: URL');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://caredesk.local' })).toThrow('VAPID_SUBJECT');
  });
});

describe('message channel configuration', () => {
  const live = { NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true' } as const;

  it('sends on both channels through the log provider outside production, and only on configured ones in production', () => {
    expect(messageProvidersOf(loadConfig({}))).toEqual({ WHATSAPP: 'log', SMS: 'log' });
    expect(messageProvidersOf(loadConfig(live))).toEqual({ WHATSAPP: null, SMS: null });
    expect(messageProvidersOf(loadConfig({ ...live, SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k' }))).toEqual({ WHATSAPP: null, SMS: 'msg91' });
    expect(messageProvidersOf(loadConfig({ MESSAGE_CHANNELS: 'sms' }))).toEqual({ WHATSAPP: null, SMS: 'log' });
  });

  it('refuses to start in production with a channel enabled and no provider for it', () => {
    expect(() => loadConfig({ ...live, MESSAGE_CHANNELS: 'WHATSAPP,SMS', SMS_PROVIDER: 'log' })).toThrow(
      /MESSAGE_CHANNELS: WHATSAPP is enabled but has no provider: set WHATSAPP_PROVIDER/,
    );
    expect(() => loadConfig({ ...live, MESSAGE_CHANNELS: 'FAX' })).toThrow(/MESSAGE_CHANNELS/);
    expect(loadConfig({ ...live, MESSAGE_CHANNELS: 'SMS', SMS_PROVIDER: 'log' }).MESSAGE_CHANNELS).toEqual(['SMS']);
  });

  it('requires the credentials of the provider chosen', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'msg91' })).toThrow('MSG91_AUTH_KEY: MSG91_AUTH_KEY is required when SMS_PROVIDER is msg91');
    expect(() => loadConfig({ WHATSAPP_PROVIDER: 'whatsapp-cloud', WHATSAPP_ACCESS_TOKEN: 't' })).toThrow(
      /WHATSAPP_APP_SECRET is required[\s\S]*WHATSAPP_VERIFY_TOKEN is required/,
    );
  });
});
