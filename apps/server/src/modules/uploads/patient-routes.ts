import { patientUploadQuerySchema, uploadSchema } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { patients } from '../../db/schema/index.js';
import { AppError, NotFoundError } from '../../lib/errors.js';
import { ownPatients, patientOf } from '../../lib/patient-auth.js';
import { consume } from '../../lib/rate-limit.js';
import { auditPatientAppWrite } from '../audit/index.js';
import { acceptUploads, type UploadRouteOptions } from './routes.js';
import { receiveOwnedUpload } from './service.js';

export function patientUploadLimitKey(accountId: string): string {
  return `patient-upload:${accountId}`;
}

/**
 * POST /api/patient/uploads: the patient app's chat attachments, registered inside the patient
 * API (its pre-handler and request decorator). The console's checks and limits (file-checks.ts),
 * always private, in an organisation where the account has a patient record, and owned by the
 * account: no one else can attach it (chats/messages.ts checks the owner).
 */
export function patientUploadRoutes(ctx: AppContext, authenticatePatient: preHandlerAsyncHookHandler, options: UploadRouteOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = await acceptUploads(app, ctx, options);
    // As many files as messages a minute: each is for one.
    const uploadLimit = { max: ctx.config.CHAT_SEND_RATE_LIMIT, windowMs: 60_000 };

    app.post(
      '/patient/uploads',
      {
        preHandler: authenticatePatient,
        config: { audit: { entity: 'uploads', action: 'create-or-update', actor: 'patient-app', recordFrom: 'handler' } },
        schema: {
          tags: ['patient'],
          summary: 'Upload a chat attachment: an image (JPEG, PNG, WebP; 5 MB) or a PDF (20 MB) as multipart field "file"; private; 30 a minute',
          consumes: ['multipart/form-data'],
          security: [{ bearerAuth: [] }],
          querystring: patientUploadQuerySchema,
          response: { 201: uploadSchema },
        },
      },
      async (request, reply) => {
        const caller = patientOf(request);
        const { organisationId } = request.query;
        try {
          const [patient] = await ctx.db
            .select({ id: patients.id })
            .from(patients)
            .where(and(eq(patients.organisationId, organisationId), ownPatients(caller)))
            .limit(1);
          if (!patient) throw new NotFoundError('Patient not found');
          await consume(ctx.rateLimitStore, [{ key: patientUploadLimitKey(caller.accountId), ...uploadLimit }]);
          if (!request.isMultipart()) throw new AppError(415, 'Send the file as multipart/form-data in a "file" field', [{ path: 'file', message: 'Send a file' }]);
          const upload = await receiveOwnedUpload(deps, { organisationId, patientAccountId: caller.accountId }, request.parts());
          auditPatientAppWrite(request, { organisationId, id: upload.id });
          return await reply.status(201).send(upload);
        } catch (error) {
          // routes.ts: the unread rest of a refused body must not hold up the connection.
          void reply.header('Connection', 'close');
          throw error;
        }
      },
    );
  };
}
