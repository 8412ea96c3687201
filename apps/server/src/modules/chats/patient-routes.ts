import {
  chatReadResponseSchema,
  chatThreadQuerySchema,
  patientChatMessageSchema,
  patientChatSendSchema,
  patientChatSentSchema,
  patientChatStartSchema,
  patientChatThreadSchema,
  patientConversationListQuerySchema,
  patientConversationListSchema,
} from '@caredesk/shared';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { auditPatientAppWrite } from '../audit/index.js';
import { patientOf } from '../../lib/patient-auth.js';
import { getOwnThread, listOwnConversations, markReadByPatient, sendToOwnConversation, startConversation } from './patient.js';

const tags = ['patient'];
const security = [{ bearerAuth: [] }];
const params = z.object({ conversationId: z.uuid() });

/** In the organisation's trail as the console's chat writes are: entity chats, the patient's id. */
function auditChat(request: FastifyRequest, patient: { id: string; organisationId: string }): void {
  auditPatientAppWrite(request, { organisationId: patient.organisationId, id: patient.id });
}

/**
 * /api/patient/chats: the patient app's side of chats, registered inside the patient API (its
 * pre-handler and request decorator). New messages reach the app live on /api/patient/events.
 */
export function patientChatRoutes(ctx: AppContext, authenticatePatient: preHandlerAsyncHookHandler): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preHandler: authenticatePatient };
    // The handler names the record, and only when the write changed something (auditChat).
    const chatWrite = { entity: 'chats', action: 'create-or-update', actor: 'patient-app', recordFrom: 'handler' } as const;
    const ownMessages = { notAudited: 'the account holder reading their own messages, not an organisation’s staff reading a patient’s' };
    const deps = { events: ctx.events, rateLimitStore: ctx.rateLimitStore, sendLimit: { max: ctx.config.CHAT_SEND_RATE_LIMIT, windowMs: 60_000 } };

    app.get(
      '/patient/chats',
      {
        ...signedIn,
        config: { audit: ownMessages },
        schema: {
          tags,
          security,
          summary: 'The account’s conversations in every organisation, newest activity first',
          querystring: patientConversationListQuerySchema,
          response: { 200: patientConversationListSchema },
        },
      },
      (request) => listOwnConversations(ctx.db, patientOf(request), request.query),
    );
    app.post(
      '/patient/chats',
      {
        ...signedIn,
        config: { audit: chatWrite },
        schema: {
          tags,
          security,
          summary: 'Write to an organisation as one’s patient record there (404 when it has none with this phone); 30 a minute',
          body: patientChatStartSchema,
          response: { 200: patientChatSentSchema, 201: patientChatSentSchema },
        },
      },
      async (request, reply) => {
        const { created, patient, ...sent } = await startConversation(ctx.db, patientOf(request), request.body, deps);
        if (created) auditChat(request, patient);
        return reply.status(created ? 201 : 200).send(sent);
      },
    );
    app.get(
      '/patient/chats/:conversationId/messages',
      {
        ...signedIn,
        config: { audit: ownMessages },
        schema: {
          tags,
          security,
          summary: 'One of the account’s conversations, backwards from `before`',
          params,
          querystring: chatThreadQuerySchema,
          response: { 200: patientChatThreadSchema },
        },
      },
      (request) => getOwnThread(ctx.db, patientOf(request), request.params.conversationId, request.query),
    );
    app.post(
      '/patient/chats/:conversationId/messages',
      {
        ...signedIn,
        config: { audit: chatWrite },
        schema: {
          tags,
          security,
          summary: 'Send a message, optionally with an upload of the account’s as attachmentUploadId (a repeated clientId answers the first one); 30 a minute',
          params,
          body: patientChatSendSchema,
          response: { 200: patientChatMessageSchema, 201: patientChatMessageSchema },
        },
      },
      async (request, reply) => {
        const { message, created, patient } = await sendToOwnConversation(ctx.db, patientOf(request), request.params.conversationId, request.body, deps);
        if (created) auditChat(request, patient);
        return reply.status(created ? 201 : 200).send(message);
      },
    );
    app.post(
      '/patient/chats/:conversationId/read',
      { ...signedIn, config: { audit: chatWrite }, schema: { tags, security, summary: 'Mark staff’s messages read', params, response: { 200: chatReadResponseSchema } } },
      async (request) => {
        const { changed, ...read } = await markReadByPatient(ctx.db, patientOf(request), request.params.conversationId, deps);
        if (changed) auditChat(request, changed);
        return read;
      },
    );
  };
}
