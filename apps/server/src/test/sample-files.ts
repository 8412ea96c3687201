import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Tiny real files: the server only reads their first bytes, but they open in a viewer too. */
export const sampleFiles = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90)]),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

export function uploadForm(bytes: Buffer, filename: string, options: { type?: string; visibility?: string } = {}): FormData {
  const form = new FormData();
  if (options.visibility) form.append('visibility', options.visibility);
  form.append('file', new Blob([bytes], { type: options.type ?? 'application/octet-stream' }), filename);
  return form;
}

/** Every file below dir (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
