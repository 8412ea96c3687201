import type { FastifyInstance } from 'fastify';

/** How long a WebSocket client gets to answer our close frame before its connection is cut. */
const SOCKET_CLOSE_GRACE_MS = 2000;

/**
 * A graceful stop in seconds, not keepAliveTimeout (72 s): app.close() (SIGTERM) stops listening and
 * Node drops the idle keep-alive connections, but a connection busy with a request when the stop
 * began would be kept alive after its answer and hold the close until the client hangs up. So
 * every answer sent while closing says Connection: close. New requests on a kept-alive connection
 * get Fastify's 503 (return503OnClosing), which a proxy retries elsewhere.
 */
export function registerGracefulShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Every reply passes here: a callback hook, so it costs no promise.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing && !reply.raw.headersSent) void reply.header('Connection', 'close');
    done(null, payload);
  });
}

/**
 * @fastify/websocket's preClose: a 1001 (going away) close frame to every socket, so clients know
 * to reconnect to another process or after the restart, instead of a bare close (1005) or a cut
 * connection (1006). A client that does not answer within the grace is cut.
 */
export async function closeWebSockets(this: FastifyInstance): Promise<void> {
  const server = this.websocketServer;
  const open = [...server.clients];
  const closed = open.map((client) => new Promise<void>((resolve) => (client.readyState === client.CLOSED ? resolve() : client.once('close', () => resolve()))));
  for (const client of open) client.close(1001, 'Server shutting down');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closed), new Promise<void>((resolve) => (timer = setTimeout(resolve, SOCKET_CLOSE_GRACE_MS)))]);
  clearTimeout(timer);
  for (const client of server.clients) client.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
