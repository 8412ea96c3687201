import {
  chatBroadcastResultSchema,
  chatBroadcastSchema,
  chatMessageSchema,
  chatReadResponseSchema,
  chatSendSchema,
  chatThreadQuerySchema,
  chatThreadSchema,
  conversationListQuerySchema,
  conversationListSchema,
} from '@caredesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { requireArea } from '../../lib/tenancy.js';
import { auditStaffWrites } from '../audit/index.js';
import { broadcastStaffMessage } from './broadcast.js';
import { getThread, listConversations, markReadByStaff, sendStaffMessage } from './service.js';

const tags = ['chats'];
const security = [{ bearerAuth: [] }];
const params = z.object({ patientId: z.uuid() });

/** /api/chats: the console's side of the conversations with patients (design.md §5). */
export function chatRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, requireArea('chats')] };
    const sendDeps = {
      events: ctx.events,
      rateLimitStore: ctx.rateLimitStore,
      sendLimit: { max: ctx.config.CHAT_SEND_RATE_LIMIT, windowMs: 60_000 },
      onStaffMessage: ctx.onStaffChatMessage,
    };

    app.get(
      '/chats',
      {
        ...guard,
        config: { audit: { entity: 'chats', action: 'list', count: 'data', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Conversations, newest activity first: search by patient name or phone, unread only, cursor paging',
          querystring: conversationListQuerySchema,
          response: { 200: conversationListSchema },
        },
      },
      (request) => listConversations(ctx.db, staffOf(request), request.query),
    );
    // The lists' bulk 'Message' (Appointments, Bookings) sends it: open to the staff of those
    // screens too, as the chat of one patient is to the staff of Chats.
    app.post(
      '/chats/broadcast',
      {
        preHandler: [ctx.authenticate, requireArea('chats', 'appointments', 'bookings')],
        config: { audit: { entity: 'chats', action: 'each', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'One text into the chat of each of up to 100 patients (once each): sent, or refused as not found; counts as one send against the chat limit',
          body: chatBroadcastSchema,
          response: { 200: chatBroadcastResultSchema },
        },
      },
      async (request) => {
        const { result, writes } = await broadcastStaffMessage(ctx.db, staffOf(request), request.body, { ...sendDeps, language: request.language });
        auditStaffWrites(request, writes);
        return result;
      },
    );
    app.get(
      '/chats/:patientId',
      {
        ...guard,
        config: { audit: { entity: 'chats', action: 'read', idParam: 'patientId', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'The thread with a patient, backwards from `before` (oldest of the page first)',
          params,
          querystring: chatThreadQuerySchema,
          response: { 200: chatThreadSchema },
        },
      },
      (request) => getThread(ctx.db, staffOf(request), request.params.patientId, request.query),
    );
    app.post(
      '/chats/:patientId/messages',
      {
        ...guard,
        config: { audit: { entity: 'chats', action: 'create-or-update', idParam: 'patientId', patientData: true } },
        schema: {
          tags,
          security,
          summary: 'Send a message (and start the conversation): 201, or 200 with the first message for a clientId already sent; 30 a minute per staff member',
          params,
          body: chatSendSchema,
          response: { 200: chatMessageSchema, 201: chatMessageSchema },
        },
      },
      async (request, reply) => {
        const { message, created } = await sendStaffMessage(ctx.db, staffOf(request), request.params.patientId, request.body, sendDeps);
        return reply.status(created ? 201 : 200).send(message);
      },
    );
    app.post(
      '/chats/:patientId/read',
      {
        ...guard,
        config: { audit: { entity: 'chats', action: 'update', idParam: 'patientId', patientData: true } },
        schema: { tags, security, summary: 'Mark the patient’s messages read by staff', params, response: { 200: chatReadResponseSchema } },
      },
      (request) => markReadByStaff(ctx.db, staffOf(request), request.params.patientId, { events: ctx.events }),
    );
  };
}
