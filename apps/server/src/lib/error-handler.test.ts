import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { createTestDatabase } from '../test/database.js';
import { ConflictError, NotFoundError } from './errors.js';
import { loggerOptions } from './logging.js';

describe('the central error handler', () => {
  it('shapes typed, validation and unknown errors, and never leaks a stack or message of a 500', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig(), database });
    app.get('/api/test/boom', () => {
      throw new Error('connection string postgres://secret@db');
    });
    app.get('/api/test/missing', () => {
      throw new NotFoundError('Doctor not found');
    });
    app.get('/api/test/taken', () => {
      throw new ConflictError('That slot is taken');
    });
    app.post('/api/test/nested', { schema: { body: z.object({ patient: z.object({ phone: z.string().regex(/^\+91\d{10}$/, 'Enter a +91 phone number') }) }) } }, () => ({ ok: true }));
    try {
      const boom = await app.inject({ url: '/api/test/boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong. Please try again.' });
      expect(boom.body).not.toContain('secret');

      expect((await app.inject({ url: '/api/test/missing' })).json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Doctor not found' });
      expect((await app.inject({ url: '/api/test/taken' })).json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'That slot is taken' });

      const nested = await app.inject({ method: 'POST', url: '/api/test/nested', payload: { patient: { phone: '12345' } } });
      expect(nested.statusCode).toBe(400);
      expect(nested.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'patient.phone: Enter a +91 phone number',
        issues: [{ path: 'patient.phone', message: 'Enter a +91 phone number' }],
      });

      const wrongType = await app.inject({ method: 'POST', url: '/api/test/nested', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
      expect(wrongType.statusCode).toBe(415);
      expect(wrongType.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('request logging', () => {
  it('logs the path without its query string (queries can carry patient data)', () => {
    const options = loggerOptions(testConfig());
    const serialise = options.serializers?.req as (request: { method: string; url: string }) => { url: string };
    expect(serialise({ method: 'GET', url: '/api/patients?search=Sunita%20Pawar&phone=9822012345' }).url).toBe('/api/patients');
  });
});
