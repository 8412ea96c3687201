import { loadConfig, type Config } from '../config.js';

/**
 * Defaults with a few overrides, for tests. Kept out of config.ts so the fixed audit key below
 * never ships in the built server.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // A fixed audit key and no anchors: tests write nothing beside a data directory unless they ask.
  const audit = { AUDIT_HMAC_KEY: 'caredesk-test-audit-key-0123456789abcdef', AUDIT_ANCHOR_INTERVAL_MINUTES: '0' };
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...audit }), ...overrides };
}
