import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { uploadVisibilitySchema, type Upload, type UploadVisibility } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import { detectFileType, PayloadTooLargeError, sanitiseFileName, SNIFF_BYTES, tooLargeMessage, UnsupportedMediaTypeError, type FileType } from './file-checks.js';
import { publicUploadPath, signUploadUrl, type SignedUrl } from './signed-url.js';

export interface UploadDeps {
  db: Db;
  storage: ObjectStorage;
  /** HMAC key of signed links (app_secrets 'upload_url_key'). */
  urlSecret: string;
  now: () => Date;
}

type UploadRow = typeof uploads.$inferSelect;

function toUpload(row: UploadRow, deps: UploadDeps): Upload {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
    visibility: row.visibility,
    url: row.visibility === 'public' ? publicUploadPath(row.id) : signUploadUrl(deps.urlSecret, row.id, deps.now()).url,
    createdAt: row.createdAt.toISOString(),
  };
}

function parseVisibility(value: unknown): UploadVisibility {
  const parsed = uploadVisibilitySchema.safeParse(value);
  if (!parsed.success) throw new BadRequestError('visibility: choose public or private', [{ path: 'visibility', message: 'Choose public or private' }]);
  return parsed.data;
}

/** Images are public unless asked otherwise; a PDF (a report, an attachment) is always private. */
function visibilityFor(type: FileType, requested: UploadVisibility | undefined): UploadVisibility {
  if (type.kind === 'pdf') {
    if (requested === 'public') throw new BadRequestError('visibility: a PDF is always private', [{ path: 'visibility', message: 'A PDF is always private' }]);
    return 'private';
  }
  return requested ?? 'public';
}

interface StoredFile {
  key: string;
  type: FileType;
  size: number;
  name: string;
}

/**
 * Streams one file part into storage: its type from the first bytes (415 before anything is
 * written), its size counted as it arrives (413 as soon as it passes the type's limit, without
 * reading the rest). Storage puts are all-or-nothing, so a rejected file leaves nothing behind.
 */
async function storeFile(storage: ObjectStorage, organisationId: string, part: MultipartFile): Promise<StoredFile> {
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  while (head.length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  const type = head.length === 0 ? undefined : detectFileType(head);
  if (!type) {
    await chunks.return?.();
    if (head.length === 0) throw new BadRequestError('The file is empty', [{ path: 'file', message: 'The file is empty' }]);
    throw new UnsupportedMediaTypeError();
  }

  let size = 0;
  async function* limited(): AsyncGenerator<Buffer> {
    try {
      let chunk: Buffer | undefined = head;
      while (chunk) {
        size += chunk.length;
        if (size > type!.maxBytes) throw new PayloadTooLargeError(tooLargeMessage(type!));
        yield chunk;
        const next = await chunks.next();
        chunk = next.done ? undefined : next.value;
      }
    } finally {
      // Stops reading the request when we give up early.
      await chunks.return?.();
    }
  }

  const key = `${organisationId}/${randomUUID()}${type.extension}`;
  await storage.put(key, Readable.from(limited()), { contentType: type.mimeType });
  return { key, type, size, name: sanitiseFileName(part.filename, type.extension) };
}

/** Whose file it is: a staff member's, or a patient app account's (a chat attachment, always private). */
export type UploadOwner = { organisationId: string } & ({ staffId: string; patientAccountId?: never } | { patientAccountId: string; staffId?: never });

/**
 * POST /api/admin/upload: exactly one part named 'file' and an optional 'visibility' field
 * (before or after the file). On any failure the stored object is removed and no row written.
 */
export function receiveUpload(deps: UploadDeps, caller: StaffContext, parts: AsyncIterable<Multipart>): Promise<Upload> {
  return receiveOwnedUpload(deps, { organisationId: caller.organisationId, staffId: caller.id }, parts);
}

/**
 * One file from a multipart body, stored for `owner`. A patient's is private whatever the
 * 'visibility' field says ('public' is refused): nothing a patient sends becomes a public URL.
 */
export async function receiveOwnedUpload(deps: UploadDeps, owner: UploadOwner, parts: AsyncIterable<Multipart>): Promise<Upload> {
  let stored: StoredFile | undefined;
  let requested: UploadVisibility | undefined = owner.patientAccountId ? 'private' : undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'visibility') {
          const asked = parseVisibility(part.value);
          if (owner.patientAccountId && asked !== 'private')
            throw new BadRequestError('visibility: your files are always private', [{ path: 'visibility', message: 'Always private' }]);
          requested = asked;
        }
        continue;
      }
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        throw new BadRequestError('Send exactly one file, in the "file" field', [{ path: 'file', message: 'Send exactly one file' }]);
      }
      stored = await storeFile(deps.storage, owner.organisationId, part);
      if (requested) visibilityFor(stored.type, requested);
    }
    if (!stored) throw new BadRequestError('file: choose a file to upload', [{ path: 'file', message: 'Choose a file to upload' }]);
    const [row] = await deps.db
      .insert(uploads)
      .values({
        organisationId: owner.organisationId,
        uploadedBy: owner.staffId ?? null,
        uploadedByPatientAccountId: owner.patientAccountId ?? null,
        name: stored.name,
        mimeType: stored.type.mimeType,
        size: stored.size,
        visibility: visibilityFor(stored.type, requested),
        storageKey: stored.key,
      })
      .returning();
    return toUpload(row!, deps);
  } catch (error) {
    if (stored) await deps.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/** Tenant-scoped: another organisation's id is "not found", never "forbidden". */
export async function signedUrlFor(deps: UploadDeps, caller: StaffContext, id: string): Promise<SignedUrl> {
  const [row] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.organisationId, caller.organisationId)))
    .limit(1);
  if (!row) throw new NotFoundError('Upload not found');
  return signUploadUrl(deps.urlSecret, row.id, deps.now());
}

/** The bytes of an upload, or NotFound when the row or its object is missing. */
export async function openUpload(storage: ObjectStorage, row: UploadRow): Promise<Readable> {
  const body = await storage.get(row.storageKey);
  if (!body) throw new NotFoundError('Upload not found');
  return body;
}
