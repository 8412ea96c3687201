import { createServer, connect, type Socket } from 'node:net';

/** A TCP forwarder to a database server that a test can cut, as an outage or a network drop would. */
export interface TcpProxy {
  /** The target URL rewritten to go through this proxy. */
  url: string;
  /** Drops every open connection and refuses new ones (ECONNREFUSED) until restore(). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy did not start');
  const port = address.port;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  return { url: url.toString(), cut: stop, restore: () => listen(port), close: stop };
}
