import {
  idParamsSchema,
  messageListQuerySchema,
  messageLogItemSchema,
  messagePreviewRequestSchema,
  messagePreviewSchema,
  messageSettingsSchema,
  messageSettingsUpdateSchema,
  paginatedSchema,
  testMessageRequestSchema,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { csvLines, sendCsv } from '../../lib/csv.js';
import { requireArea, requireRole } from '../../lib/tenancy.js';
import { exportMessages, listMessages, messageCsvColumns, previewMessage, retryMessage, sendTestMessage } from './service.js';
import { getMessageSettings, updateMessageSettings } from './settings.js';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];

/** /api/messages: the log of messages to patients and Settings → Messages (design.md §10). */
export function messageRoutes(ctx: AppContext, wake: () => void): FastifyPluginAsyncZod {
  return async (app) => {
    // The log is patient data: staff who see patients (the patient view's tab) or Settings (the log page).
    const readers = { preHandler: [ctx.authenticate, requireArea('settings', 'patients')] };
    const admins = { preHandler: [ctx.authenticate, requireArea('settings'), requireRole('ADMIN')] };

    app.get(
      '/messages',
      {
        ...readers,
        config: { audit: { entity: 'messages', action: 'list', count: 'data', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Messages to patients, newest first, by patient, visit, event, channel or status',
          querystring: messageListQuerySchema,
          response: { 200: paginatedSchema(messageLogItemSchema) },
        },
      },
      (request) => listMessages(ctx.db, staffOf(request), request.query),
    );
    app.get(
      '/messages/export.csv',
      {
        ...readers,
        config: { audit: { entity: 'messages', action: 'export', patientData: true } },
        schema: { tags, security, summary: 'Every message the filters match, as CSV (UTF-8 with BOM)', querystring: messageListQuerySchema.omit({ page: true, pageSize: true }) },
      },
      (request, reply) => sendCsv(reply, 'messages', csvLines(messageCsvColumns, exportMessages(ctx.db, staffOf(request), request.query))),
    );
    app.post(
      '/messages/:id/retry',
      {
        ...admins,
        config: { audit: { entity: 'messages', action: 'update', idParam: 'id', patientData: true } },
        schema: { tags, security, summary: 'Send a failed or unsent message again (409 for any other)', params: idParamsSchema, response: { 200: messageLogItemSchema } },
      },
      async (request) => {
        const item = await retryMessage(ctx.db, staffOf(request), request.params.id);
        wake();
        return item;
      },
    );
    app.get(
      '/messages/settings',
      {
        ...admins,
        schema: { tags, security, summary: 'Settings → Messages: events, reminders, quiet hours, languages, templates, prices', response: { 200: messageSettingsSchema } },
      },
      (request) => getMessageSettings(ctx.db, ctx.config, staffOf(request).organisationId),
    );
    app.patch(
      '/messages/settings',
      {
        ...admins,
        config: { audit: { entity: 'settings', action: 'update' } },
        schema: { tags, security, summary: 'Change message settings (only the parts sent)', body: messageSettingsUpdateSchema, response: { 200: messageSettingsSchema } },
      },
      (request) => updateMessageSettings(ctx.db, ctx.config, staffOf(request).organisationId, request.body, ctx.events),
    );
    app.post(
      '/messages/preview',
      {
        ...admins,
        config: { audit: { notAudited: 'renders a template with made-up values; reads and changes nothing' } },
        schema: {
          tags,
          security,
          summary: 'A template with sample values, as a patient would read it',
          body: messagePreviewRequestSchema,
          response: { 200: messagePreviewSchema },
        },
      },
      (request) => previewMessage(ctx.db, staffOf(request), request.body),
    );
    app.post(
      '/messages/test',
      {
        ...admins,
        config: { audit: { entity: 'messages', action: 'create', createdIdFrom: 'reply.id' } },
        schema: { tags, security, summary: 'Send the test message to a phone on one channel', body: testMessageRequestSchema, response: { 202: messageLogItemSchema } },
      },
      async (request, reply) => {
        const item = await sendTestMessage(ctx.db, staffOf(request), request.body);
        wake();
        return reply.status(202).send(item);
      },
    );
  };
}
