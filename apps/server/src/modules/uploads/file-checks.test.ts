import { describe, expect, it } from 'vitest';
import { sampleFiles } from '../../test/sample-files.js';
import { contentDisposition, detectFileType, sanitiseFileName } from './file-checks.js';
import { checkUploadSignature, signUploadUrl } from './signed-url.js';

describe('file type from the first bytes', () => {
  it('recognises JPEG, PNG, WebP and PDF', () => {
    expect(detectFileType(sampleFiles.jpeg)?.mimeType).toBe('image/jpeg');
    expect(detectFileType(sampleFiles.png)?.mimeType).toBe('image/png');
    expect(detectFileType(sampleFiles.webp)?.mimeType).toBe('image/webp');
    expect(detectFileType(sampleFiles.pdf)).toMatchObject({ mimeType: 'application/pdf', kind: 'pdf', maxBytes: 20 * 1024 * 1024 });
  });

  it('refuses look-alikes: a WAV (RIFF but not WEBP), SVG, HTML, an executable, a truncated PNG signature', () => {
    expect(detectFileType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeUndefined();
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectFileType(sampleFiles.html)).toBeUndefined();
    expect(detectFileType(sampleFiles.exe)).toBeUndefined();
    expect(detectFileType(sampleFiles.png.subarray(0, 7))).toBeUndefined();
  });
});

describe('file names', () => {
  it('keeps the stem, swaps the claimed extension for the real one', () => {
    expect(sanitiseFileName('report.final.PDF', '.pdf')).toBe('report.final.pdf');
    expect(sanitiseFileName('photo.jpg', '.png')).toBe('photo.png');
    expect(sanitiseFileName(undefined, '.jpg')).toBe('file.jpg');
    expect(sanitiseFileName('a\r\nb"c.png', '.png')).toBe('ab_c.png');
  });

  it('sends a non-ASCII name as RFC 5987 filename* with an ASCII fallback', () => {
    expect(contentDisposition('inline', 'Ramesh’s MRI (1).pdf')).toBe(`inline; filename="Ramesh_s MRI (1).pdf"; filename*=UTF-8''Ramesh%E2%80%99s%20MRI%20%281%29.pdf`);
  });
});

describe('signed links', () => {
  const secret = 'test-secret';
  const id = '0b6c6a7e-2f8e-4f43-9d1e-5e3f7d8a9b10';
  const issued = new Date('2026-01-01T10:00:00Z');
  const parts = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams) as { expires: string; signature: string };

  it('is valid until its expiry and expired from then on', () => {
    const link = signUploadUrl(secret, id, issued, 300);
    expect(link.expiresAt).toBe('2026-01-01T10:05:00.000Z');
    const { expires, signature } = parts(link.url);
    expect(checkUploadSignature(secret, id, expires, signature, new Date('2026-01-01T10:04:59Z'))).toBe('valid');
    expect(checkUploadSignature(secret, id, expires, signature, new Date('2026-01-01T10:05:00Z'))).toBe('expired');
  });

  it('does not carry over to another file, another expiry or another key', () => {
    const { expires, signature } = parts(signUploadUrl(secret, id, issued).url);
    const now = issued;
    expect(checkUploadSignature(secret, '1b6c6a7e-2f8e-4f43-9d1e-5e3f7d8a9b10', expires, signature, now)).toBe('invalid');
    expect(checkUploadSignature(secret, id, String(Number(expires) + 1), signature, now)).toBe('invalid');
    expect(checkUploadSignature('other-secret', id, expires, signature, now)).toBe('invalid');
    expect(checkUploadSignature(secret, id, expires, undefined, now)).toBe('invalid');
    expect(checkUploadSignature(secret, id, '1e12', signature, now)).toBe('invalid');
  });
});
