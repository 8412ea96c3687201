import multipart from '@fastify/multipart';
import { idParamsSchema, signedUrlSchema, UPLOAD_LIMITS, uploadSchema } from '@caredesk/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffOf } from '../../lib/auth.js';
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { getOrCreateSecret } from '../../lib/secrets.js';
import { createStorage, type ObjectStorage } from '../../lib/storage/index.js';
import { contentDisposition } from './file-checks.js';
import { findUpload, openUpload, receiveUpload, signedUrlFor, type UploadDeps } from './service.js';
import { checkUploadSignature } from './signed-url.js';

export interface UploadRouteOptions {
  /** Defaults to createStorage(ctx.config): local disk, or S3 when configured. */
  storage?: ObjectStorage;
  /** The clock of signed links, for tests. */
  now?: () => Date;
}

const privateLinkQuerySchema = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });

/**
 * Served files get their own CSP: nothing in them may run or load anything, whatever a browser
 * makes of the bytes; the console (same origin) may still show them in an <img> or a frame.
 * No `sandbox`: Chrome will not open its PDF viewer in a sandboxed document.
 */
function fileHeaders(reply: FastifyReply, mimeType: string, size: number): FastifyReply {
  return reply
    .type(mimeType)
    .header('Content-Length', String(size))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'")
    .header('X-Frame-Options', 'SAMEORIGIN');
}

/**
 * What a plugin taking uploads needs (the console's here, the patient app's in patient-routes.ts):
 * the storage, the signing key and the clock, and multipart bodies accepted by that plugin's
 * routes only. Busboy stops a file just past the largest limit; the per-type limit is enforced
 * while streaming (service.ts).
 */
export async function acceptUploads(app: FastifyInstance, ctx: AppContext, options: UploadRouteOptions): Promise<UploadDeps> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_LIMITS.pdf.maxBytes + 1, files: 2, fields: 4, parts: 8, fieldSize: 1024, fieldNameSize: 100, headerPairs: 100 },
  });
  return {
    db: ctx.db,
    storage: options.storage ?? createStorage(ctx.config),
    urlSecret: await getOrCreateSecret(ctx.db, 'upload_url_key'),
    now: options.now ?? (() => new Date()),
  };
}

export function uploadRoutes(ctx: AppContext, options: UploadRouteOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = await acceptUploads(app, ctx, options);

    app.post(
      '/admin/upload',
      {
        preHandler: [ctx.authenticate],
        config: { audit: { entity: 'uploads', action: 'create', createdIdFrom: 'reply.id' } },
        schema: {
          tags: ['uploads'],
          summary: 'Upload an image (JPEG, PNG, WebP; 5 MB) or a PDF (20 MB) as multipart field "file"; optional field "visibility"',
          consumes: ['multipart/form-data'],
          security: [{ bearerAuth: [] }],
          response: { 201: uploadSchema },
        },
      },
      async (request, reply) => {
        const caller = staffOf(request);
        if (!request.isMultipart()) throw new AppError(415, 'Send the file as multipart/form-data in a "file" field');
        try {
          const upload = await receiveUpload(deps, caller, request.parts());
          return await reply.status(201).send(upload);
        } catch (error) {
          // Whatever failed (a refused file, a full disk, the database), the rest of the body may
          // still be unread, and the next request on this keep-alive connection would wait behind
          // it for ever: close the connection after the reply rather than read megabytes to drop.
          void reply.header('Connection', 'close');
          throw error;
        }
      },
    );

    app.get(
      '/uploads/:id/signed-url',
      {
        preHandler: [ctx.authenticate],
        config: { audit: { entity: 'uploads', action: 'read', idParam: 'id', patientData: true } },
        schema: {
          tags: ['uploads'],
          summary: 'A short-lived link to a file of the caller’s organisation',
          security: [{ bearerAuth: [] }],
          params: idParamsSchema,
          response: { 200: signedUrlSchema },
        },
      },
      (request) => signedUrlFor(deps, staffOf(request), request.params.id),
    );

    // Logos and photos: the id is unguessable and the bytes never change, so caches keep them.
    app.get('/uploads/public/:id', { schema: { tags: ['uploads'], summary: 'A public image (no sign-in)', params: idParamsSchema } }, async (request, reply) => {
      const row = await findUpload(ctx.db, request.params.id);
      if (!row || row.visibility !== 'public') throw new NotFoundError('Upload not found');
      const body = await openUpload(deps.storage, row);
      return fileHeaders(reply, row.mimeType, row.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'same-site')
        .send(body);
    });

    // Reports and attachments: the signed link is the credential, so it must not be cached or
    // leak through the Referer header.
    app.get(
      '/uploads/private/:id',
      { schema: { tags: ['uploads'], summary: 'A file through a signed link', params: idParamsSchema, querystring: privateLinkQuerySchema } },
      async (request, reply) => {
        const { id } = request.params;
        const check = checkUploadSignature(deps.urlSecret, id, request.query.expires, request.query.signature, deps.now());
        if (check === 'invalid') throw new NotFoundError('Upload not found');
        if (check === 'expired') throw new ForbiddenError('Link expired');
        const row = await findUpload(ctx.db, id);
        if (!row) throw new NotFoundError('Upload not found');
        const body = await openUpload(deps.storage, row);
        return fileHeaders(reply, row.mimeType, row.size)
          .header('Cache-Control', 'private, no-store')
          .header('Referrer-Policy', 'no-referrer')
          .header('Content-Disposition', contentDisposition('inline', row.name))
          .send(body);
      },
    );
  };
}
