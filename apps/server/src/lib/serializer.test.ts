import { notificationListSchema, paginatedSchema, patientSummarySchema } from '@caredesk/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, serializerCompiler } from './serializer.js';

/** The body a route declaring `schema` sends for what its handler returns. */
async function replyOf(schema: z.ZodType, payload: unknown): Promise<{ statusCode: number; body: string }> {
  const app = Fastify();
  app.setSerializerCompiler(serializerCompiler);
  app.get('/reply', { schema: { response: { 200: schema } } }, () => payload);
  try {
    const { statusCode, body } = await app.inject({ url: '/reply' });
    return { statusCode, body };
  } finally {
    await app.close();
  }
}

const patientRow = {
  id: '3ee8799a-aaad-44ba-8960-1cbc0fa25aa8',
  uhid: 'SMH-000123',
  name: 'Ravi Kumar',
  phone: '+919876543210',
  gender: 'MALE',
  bloodGroup: null,
  createdAt: '2026-11-27T09:30:00.000Z',
  age: 41,
};

describe('replies written from their route schema', () => {
  it('write only the fields a route declares, at every depth', async () => {
    const schema = z.object({
      id: z.string(),
      doctor: z.object({ name: z.string() }).nullable(),
      visits: z.array(z.object({ at: z.string(), note: z.string().nullable().optional() })),
      tags: z.record(z.string(), z.number()),
      contact: z.union([z.object({ kind: z.literal('phone'), phone: z.string() }), z.object({ kind: z.literal('email'), email: z.string() })]),
    });
    const { statusCode, body } = await replyOf(schema, {
      id: 'a',
      passwordHash: 'secret-1',
      doctor: { name: 'Dr Rao', phone: 'secret-2' },
      visits: [{ at: '10:00', note: null, diagnosis: 'secret-3' }, { at: '11:00' }],
      tags: { x: 1 },
      contact: { kind: 'email', email: 'ravi@example.com', phone: 'secret-4' },
    });
    expect(statusCode).toBe(200);
    expect(body).not.toContain('secret');
    expect(JSON.parse(body)).toEqual({
      id: 'a',
      doctor: { name: 'Dr Rao' },
      visits: [{ at: '10:00', note: null }, { at: '11:00' }],
      tags: { x: 1 },
      contact: { kind: 'email', email: 'ravi@example.com' },
    });
  });

  it('write a patients page and a notifications page as zod would, compiled, and without the fields they do not declare', async () => {
    const patients = paginatedSchema(patientSummarySchema);
    const notifications = notificationListSchema;
    // Both lists are compiled, not left to zod (the point of this serializer).
    expect(responseJsonSchema(patients)).toBeDefined();
    expect(responseJsonSchema(notifications)).toBeDefined();

    const page = { data: [patientRow, { ...patientRow, bloodGroup: 'B+', age: null }], total: 2, page: 1, pageSize: 20 };
    const leakyPage = { ...page, data: page.data.map((row) => ({ ...row, address: 'secret street', dateOfBirth: '1985-01-01' })) };
    const patientsReply = await replyOf(patients, leakyPage);
    expect(patientsReply.body).not.toContain('secret');
    expect(patientsReply.body).not.toContain('dateOfBirth');
    expect(JSON.parse(patientsReply.body)).toEqual(patients.parse(page));

    const notice = {
      id: '586cf43b-2b72-41cb-8293-c84b28c2c07d',
      type: 'message-received',
      title: 'New message',
      message: 'Ravi Kumar wrote',
      isRead: false,
      createdAt: '2026-11-27T09:30:00.000Z',
      details: { patientId: patientRow.id, internalNote: 'secret' },
    };
    const list = { data: [notice], unread: 1, unreadByTab: { new: 0, chats: 1 }, nextCursor: null };
    const notificationsReply = await replyOf(notifications, list);
    expect(notificationsReply.body).not.toContain('secret');
    expect(JSON.parse(notificationsReply.body)).toEqual(notifications.parse(list));
  });

  it('keep zod writing a schema JSON schema cannot express, which drops undeclared fields too', async () => {
    const schema = z.object({ at: z.date() });
    expect(responseJsonSchema(schema)).toBeUndefined();
    const { statusCode, body } = await replyOf(schema, { at: new Date(0), secret: 'x' });
    expect(statusCode).toBe(200);
    expect(JSON.parse(body)).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});
