// The baselines of `npm run bench:budget`, run as their own process like the app (so autocannon
// in the bench's process takes no CPU from them, nor from the app):
//   hello:  a bare Fastify route answering a constant, what any route costs at least;
//   replay: a bare Fastify + pg server answering each of the app's routes by running the exact
//           statements, with the parameters, that PostgreSQL logged when the app served it, one
//           after the other on one pooled client, and sending the rows back as JSON.
// Usage (bench/baselines.ts starts it): PORT=… tsx baseline-server.ts hello
//        PORT=… DATABASE_URL=… tsx baseline-server.ts replay <file of {path: ReplayQuery[]}>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { ReplayQuery } from './statement-log.ts';

const [mode, replayFile] = process.argv.slice(2);
const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));

if (mode === 'hello') {
  app.get('/hello', async () => ({ hello: 'world' }));
} else if (mode === 'replay' && replayFile) {
  // The app's pool is 10 (apps/server/src/db/client.ts): the same here.
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const routes = JSON.parse(readFileSync(replayFile, 'utf8')) as Record<string, ReplayQuery[]>;
  app.addHook('onClose', () => pool.end());
  app.get('/*', async (request, reply) => {
    const queries = routes[request.url];
    if (!queries) return reply.code(404).send({ error: 'no such route' });
    const client = await pool.connect();
    try {
      const results: unknown[] = [];
      for (const query of queries) results.push((await client.query(query.sql, query.params)).rows);
      return { results };
    } catch (error) {
      // A statement that fails here would make the baseline look fast: the bench counts non-2xx.
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });
} else {
  console.error('usage: baseline-server.ts hello | replay <routes.json>');
  process.exit(2);
}

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
