import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvLines, inBatches, sendCsv, type CsvColumn } from './csv.js';
import { registerErrorHandlers } from './error-handler.js';

const columns: CsvColumn<{ name: string }>[] = [{ header: 'Name', value: (row) => row.name }];

async function exportApp(fetch: (offset: number, limit: number) => Promise<{ name: string }[]>) {
  const app = Fastify();
  registerErrorHandlers(app);
  app.get('/export.csv', (_request, reply) => sendCsv(reply, 'test', csvLines(columns, inBatches(fetch, 2))));
  await app.ready();
  return app;
}

describe('CSV exports', () => {
  it('answer the error, not a 200 that breaks off, when the first query fails', async () => {
    const app = await exportApp(() => Promise.reject(Object.assign(new Error('Failed query: select … params: Sunita'), { code: '22021' })));
    const response = await app.inject({ url: '/export.csv' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.body).not.toContain('Sunita');
    await app.close();
  });

  it('stream the header with the rows, and the header alone for no rows', async () => {
    const rows = [{ name: 'Asha' }, { name: '=cmd' }, { name: 'Ravi' }];
    const full = await exportApp(async (offset, limit) => rows.slice(offset, offset + limit));
    const response = await full.inject({ url: '/export.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="test-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body).toBe("\uFEFFName\r\nAsha\r\n'=cmd\r\nRavi\r\n");
    await full.close();

    const empty = await exportApp(async () => []);
    expect((await empty.inject({ url: '/export.csv' })).body).toBe('\uFEFFName\r\n');
    await empty.close();
  });
});
