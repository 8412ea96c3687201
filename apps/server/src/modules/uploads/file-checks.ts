import { UPLOAD_LIMITS } from '@caredesk/shared';
import { AppError } from '../../lib/errors.js';

/** Both name the multipart field, so a form (the patient app's attach button) can point at it. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message, [{ path: 'file', message }]);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Upload a JPEG, PNG or WebP image, or a PDF') {
    super(415, message, [{ path: 'file', message }]);
  }
}

export interface FileType {
  kind: keyof typeof UPLOAD_LIMITS;
  mimeType: string;
  extension: string;
  maxBytes: number;
}

/** Bytes needed to tell the allowed types apart (WebP's 'WEBP' ends at offset 12). */
export const SNIFF_BYTES = 12;

const startsWith = (head: Buffer, bytes: number[], offset = 0): boolean => head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/**
 * The file's type from its first bytes (magic numbers), never from its name or the client's
 * Content-Type, which anyone can set: an HTML page called photo.jpg must not be served as an image.
 */
export function detectFileType(head: Buffer): FileType | undefined {
  const image = (mimeType: string, extension: string): FileType => ({ kind: 'image', mimeType, extension, maxBytes: UPLOAD_LIMITS.image.maxBytes });
  if (startsWith(head, [0xff, 0xd8, 0xff])) return image('image/jpeg', '.jpg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('image/png', '.png');
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return image('image/webp', '.webp');
  if (startsWith(head, ascii('%PDF-'))) return { kind: 'pdf', mimeType: 'application/pdf', extension: '.pdf', maxBytes: UPLOAD_LIMITS.pdf.maxBytes };
  return undefined;
}

export function tooLargeMessage(type: FileType): string {
  const megabytes = type.maxBytes / (1024 * 1024);
  return type.kind === 'pdf' ? `A PDF can be at most ${megabytes} MB` : `An image can be at most ${megabytes} MB`;
}

const MAX_NAME_LENGTH = 120;

/**
 * A name that is safe to show and to send back in Content-Disposition: the last path segment
 * only ('../../etc/passwd.png' -> 'passwd.png'), no control or format characters, letters of
 * any script with their marks, digits, dashes and a few punctuation marks, at most 120 characters, and
 * the extension of the detected type in place of the claimed one.
 */
export function sanitiseFileName(raw: string | undefined, extension: string): string {
  const lastSegment = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = (text: string): string =>
    text
      .replace(/\s+/gu, ' ')
      .replace(/_+/g, '_')
      .replace(/^[ ._-]+|[ ._-]+$/g, '');
  let stem = clean(
    lastSegment
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
      .replace(/\.[A-Za-z0-9]{1,8}$/, '')
      .replace(/[^\p{L}\p{M}\p{N}\p{Pd} ._()+,]/gu, '_'),
  );
  stem = clean([...stem].slice(0, MAX_NAME_LENGTH - extension.length).join(''));
  return `${stem || 'file'}${extension}`;
}

/** RFC 6266 / 5987: an ASCII fallback for old clients and the exact UTF-8 name in filename*. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
