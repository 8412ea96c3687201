import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { UPLOAD_LIMITS } from '@caredesk/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/config.js';
import type { Database } from '../../db/client.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import { createTestDatabase } from '../../test/database.js';
import { createOrganisation, signIn } from '../../test/fixtures.js';
import { sampleFiles, uploadForm } from '../../test/sample-files.js';

/** Storage whose disk fills up after the first chunk of a file, leaving the rest of the request body unread. */
const failingStorage: ObjectStorage = {
  kind: 'local',
  async put(_key, body: Readable) {
    for await (const chunk of body) {
      void chunk;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
  },
  get: async () => undefined,
  delete: async () => undefined,
  exists: async () => false,
};

interface Answer {
  status: number;
  headers: Record<string, unknown>;
}

/** One request through the agent; an error writing the rest of a refused body is not the answer. */
function send(agent: Agent, port: number, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      answered = true;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

describe('an upload that fails in storage', () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({ config: testConfig({ WEB_DIST: '/nonexistent-caredesk-web-dist' }), database, storage: failingStorage });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('does not hang the next request on the same keep-alive connection', { timeout: 20_000 }, async () => {
    const org = await createOrganisation(database.db);
    const { access_token } = await signIn(app, org.worker.email);
    // Large enough that most of it is still unread when storage fails.
    const image = Buffer.alloc(UPLOAD_LIMITS.image.maxBytes - 1024);
    sampleFiles.png.copy(image);
    const form = new Request('http://localhost/', { method: 'POST', body: uploadForm(image, 'scan.png') });
    const body = Buffer.from(await form.arrayBuffer());
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const failed = await send(agent, port, 'POST', '/api/admin/upload', { authorization: `Bearer ${access_token}`, 'content-type': form.headers.get('content-type')! }, body);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      const next = await send(agent, port, 'GET', '/api/health');
      expect(next.status).toBe(200);
      // The refused body was not drained but the connection closed, so the next request got a new one.
      expect(failed.headers.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });
});
