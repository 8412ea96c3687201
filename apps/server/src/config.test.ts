import { describe, expect, it } from 'vitest';
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
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_1' })).toThrow('RAZORPAY_KEY_SECRET: RAZORPAY_KEY_SECRET is required when PAYMENT_PROVIDER is razorpay');
  });

  it('refuses the simulated gateway in production unless ALLOW_SIMULATED_PAYMENTS=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER: the simulated payment gateway .* is refused with NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulated' })).toThrow(/ALLOW_SIMULATED_PAYMENTS=true/);
    expect(paymentProviderOf(loadConfig({ NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true' }))).toBe('simulated');
    expect(paymentProviderOf(loadConfig({ NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_live_1', RAZORPAY_KEY_SECRET: 's' }))).toBe('razorpay');
  });
});
