import { BASE_URL_ENV, SERVER_LOG_ENV } from './env.ts';
import { startServer } from './server.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  // Workers are forked after global setup and inherit these.
  process.env[BASE_URL_ENV] = server.url;
  process.env[SERVER_LOG_ENV] = server.logFile;
  return server.stop;
}
