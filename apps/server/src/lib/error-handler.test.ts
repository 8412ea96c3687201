import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { testConfig } from '../test/config.js';
import { createTestDatabase } from '../test/database.js';
import { ConflictError, NotFoundError } from './errors.js';
import { databaseUnavailable } from './db-errors.js';
import { loggerOptions, serializeError, WITHHELD } from './logging.js';

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
    app.post('/api/test/nested', { schema: { body: z.object({ patient: z.object({ phone: z.string().regex(/^\+91\d{10}$/, 'Enter a +91 phone number') }) }) } }, () => ({
      ok: true,
    }));
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
  it('logs the route template, never the URL (queries and paths can carry patient data or tokens)', () => {
    const options = loggerOptions(testConfig());
    const serialise = options.serializers?.req as (request: { method: string; url: string; routeOptions?: { url?: string } }) => Record<string, unknown>;
    const line = serialise({ method: 'GET', url: '/api/invitations/secret-token?search=Sunita%20Pawar', routeOptions: { url: '/api/invitations/:token' } });
    expect(line).toEqual({ method: 'GET', route: '/api/invitations/:token' });
    expect(serialise({ method: 'GET', url: '/api/Sunita-Pawar' })).toEqual({ method: 'GET', route: '(no route)' });
  });

  it('logs an error by class, causes, code, constraint and stack frames, never its message or properties', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'patients_phone_unique',
      detail: 'Key (phone)=(+919822012345) already exists.',
    });
    class DrizzleQueryError extends Error {
      params = ['Sunita Pawar', '+919822012345', 'HIV+'];
    }
    const error = new DrizzleQueryError('Failed query: insert into patients … params: Sunita Pawar,+919822012345,HIV+', { cause: driver });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ type: 'DrizzleQueryError', causes: ['Error'], code: '23505', constraint: 'patients_phone_unique' });
    expect(logged.stack).toMatch(/^\s+at /);
    const text = JSON.stringify(logged);
    for (const value of ['Sunita', '9822012345', 'HIV', 'Failed query', 'duplicate key']) expect(text).not.toContain(value);

    // A code or name that is not an identifier could be data: dropped.
    expect(serializeError(Object.assign(new Error('x'), { code: 'Sunita Pawar' }))).not.toHaveProperty('code');
    expect(serializeError('Sunita Pawar')).toEqual({ type: 'string', message: WITHHELD, stack: '' });
  });
});

describe('database outages', () => {
  it('are told from statement errors by code, errno or pg message, through drizzle causes', () => {
    const wrap = (cause: unknown) => Object.assign(new Error('Failed query: select … params: Sunita'), { cause });
    expect(databaseUnavailable(wrap(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(databaseUnavailable(wrap(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(databaseUnavailable(wrap(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe(true);
    expect(databaseUnavailable(wrap(Object.assign(new Error('connection failure'), { code: '08006' })))).toBe(true);
    expect(databaseUnavailable(wrap(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(databaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(databaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(databaseUnavailable(wrap(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(databaseUnavailable(wrap(Object.assign(new Error('invalid byte sequence'), { code: '22021' })))).toBe(false);
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
