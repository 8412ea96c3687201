import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig, paymentProviderOf } from './config.js';

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
