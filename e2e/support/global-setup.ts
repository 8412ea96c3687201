import { BASE_URL_ENV, SERVER_LOG_ENV, SHORT_TOKEN_SECONDS, SHORT_TOKEN_URL_ENV } from './env.ts';
import { startServer } from './server.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Both at once: a server's start (migrations, demo seed) keeps one core busy, and nothing else
  // runs yet, so the second costs no wall time here; started by two-tabs.spec it held up a
  // worker for the whole seed while the other worker shared the CPU with it (issue #18).
  const [server, shortTokens] = await Promise.all([startServer(), startServer({ ACCESS_TOKEN_TTL_SECONDS: String(SHORT_TOKEN_SECONDS) })]);
  // Workers are forked after global setup and inherit these.
  process.env[BASE_URL_ENV] = server.url;
  process.env[SERVER_LOG_ENV] = server.logFile;
  process.env[SHORT_TOKEN_URL_ENV] = shortTokens.url;
  return async () => {
    await Promise.all([server.stop(), shortTokens.stop()]);
  };
}
