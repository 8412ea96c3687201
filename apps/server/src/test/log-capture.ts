import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { testConfig } from './config.js';

/** Every line the app logged, as written (JSON), so a test can search the raw text. */
export interface CapturedLog {
  lines: string[];
  text(): string;
  entries(): Record<string, unknown>[];
}

export function captureLog(): CapturedLog & { stream: { write(line: string): void } } {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** The real app logging at debug level into memory. */
export async function createLoggedApp(database: Database, overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; log: CapturedLog }> {
  const log = captureLog();
  const config = testConfig({ LOG_LEVEL: 'debug', SIGN_IN_IP_RATE_LIMIT: 100_000, WEB_DIST: '/nonexistent-caredesk-web-dist', ...overrides });
  const app = await buildApp({ config, database, logStream: log.stream });
  await app.ready();
  return { app, log };
}
