import { request, Agent } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { EVENTS_PATH } from '@caredesk/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from './app.js';
import { testConfig } from './test/config.js';
import type { Database } from './db/client.js';
import { createTestDatabase } from './test/database.js';

interface Answer {
  status: number;
  body: string;
  socket: Socket;
}

function get(agent: Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, socket: req.socket! }));
    });
    req.on('error', reject);
    req.end();
  });
}

const closedSocket = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('graceful shutdown', () => {
  let database: Database;
  let app: FastifyInstance;
  let release!: () => void;
  let inFlight!: Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({ config: testConfig({ WEB_DIST: '/nonexistent-caredesk-web-dist' }), database });
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    inFlight = new Promise<void>((resolve) => (started = resolve));
    app.get('/test/slow', async () => {
      started();
      await gate;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('closes idle keep-alive connections at once, finishes in-flight requests and closes sockets 1001', { timeout: 10_000 }, async () => {
    const { port } = app.server.address() as AddressInfo;

    // One keep-alive connection left idle, one busy with a slow request, one event socket.
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const busyAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await get(idleAgent, port, '/api/health');
    expect(idle.status).toBe(200);
    const slow = get(busyAgent, port, '/test/slow');
    await inFlight;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${EVENTS_PATH}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const closing = app.close();
    await closedSocket(idle.socket);
    expect(await socketClosed).toBe(1001);
    release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: JSON.stringify({ done: true }) });
    // Its connection is not kept alive for another request.
    await closedSocket(answer.socket);
    await closing;
  });
});
