// A real HTTP server for src/lib/http-transport.test.ts (Vitest's globalSetup): the console's
// transport is tested on the wire, not against a stubbed fetch. It lives outside src/ because
// it needs Node's types, which the browser code must not see.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import type {} from './src/test/http-test-server-context';

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const hanging = new Set<ServerResponse>();
  const refreshes: string[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // jsdom's XMLHttpRequest (the upload path) keeps to CORS like a browser.
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-credentials', 'true');
    response.setHeader('access-control-allow-headers', 'authorization, content-type, accept');
    response.setHeader('access-control-allow-methods', 'GET, POST, PATCH, DELETE');
    response.setHeader('access-control-expose-headers', 'content-disposition, retry-after');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    const body = await readBody(request);
    const json = (status: number, data: unknown, headers: Record<string, string> = {}) =>
      void response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(data));
    switch (new URL(request.url ?? '/', 'http://localhost').pathname) {
      case '/api/echo':
        return json(200, { method: request.method, url: request.url, headers: request.headers, body: body.toString() });
      case '/api/refused':
        return json(400, { message: 'Phone is too short', issues: [{ path: 'phone', message: 'Too short' }] }, { 'retry-after': '7' });
      case '/api/text':
        return void response.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
      case '/api/empty':
        return void response.writeHead(204).end();
      case '/api/export.csv':
        return void response.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="patients.csv"' }).end('name\nRavi\n');
      case '/api/hang':
        return void hanging.add(response);
      case '/api/me':
        return request.headers.authorization === 'Bearer fresh-1' ? json(200, { name: 'Asha' }) : json(401, { message: 'Session expired' });
      case '/api/auth/refresh-token':
        refreshes.push(body.toString());
        return json(200, { accessToken: 'fresh-1', refreshToken: 'refresh-2' });
      case '/api/refreshes':
        return json(200, refreshes);
      default:
        return json(404, { message: 'Not Found' });
    }
  }

  const listen = async (server: ReturnType<typeof createServer>) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const server = createServer((request, response) => void handle(request, response));
  project.provide('httpTestBase', `http://127.0.0.1:${await listen(server)}`);
  const closed = createServer();
  const closedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  project.provide('closedPort', closedPort);

  return async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}
