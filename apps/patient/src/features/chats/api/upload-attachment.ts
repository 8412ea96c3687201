import type { Upload } from '@caredesk/shared';
import { uploadForm, type UploadOptions } from '@/lib/upload';

/** What the server takes (UPLOAD_LIMITS in packages/shared/src/uploads.ts), checked here first to say so at once. */
export const ATTACHMENT_TYPES = {
  image: { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 5 * 1024 * 1024 },
  pdf: { types: ['application/pdf'], maxBytes: 20 * 1024 * 1024 },
} as const;

export type AttachmentProblem = { kind: 'type' } | { kind: 'size'; megabytes: number; pdf: boolean };

/** Why the server would refuse this file, or null. The server checks the bytes again. */
export function attachmentProblem(file: Pick<File, 'type' | 'size'>): AttachmentProblem | null {
  const pdf = (ATTACHMENT_TYPES.pdf.types as readonly string[]).includes(file.type);
  const image = (ATTACHMENT_TYPES.image.types as readonly string[]).includes(file.type);
  if (!pdf && !image) return { kind: 'type' };
  const { maxBytes } = pdf ? ATTACHMENT_TYPES.pdf : ATTACHMENT_TYPES.image;
  return file.size > maxBytes ? { kind: 'size', megabytes: maxBytes / (1024 * 1024), pdf } : null;
}

/** POST /api/patient/uploads?organisationId=: a private file only this account can attach. */
export function uploadAttachment(organisationId: string, file: File, options: UploadOptions = {}): Promise<Upload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<Upload>(`/patient/uploads?organisationId=${encodeURIComponent(organisationId)}`, form, options);
}
