import type { IncomingMessage } from 'node:http';

/**
 * The body of a request to a fake provider: parsed JSON, the text itself when it is not JSON (a
 * form-encoded webhook, a malformed body the test sent on purpose), undefined when empty.
 */
export function readRequestBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', reject);
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });
}
