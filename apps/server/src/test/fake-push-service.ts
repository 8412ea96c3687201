import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
export interface BrowserKeys {
  /** As PushSubscription.toJSON() gives them: base64url. */
  p256dh: string;
  auth: string;
  /** Decrypts an aes128gcm push body sent to these keys (RFC 8188 + RFC 8291). */
  decrypt(body: Buffer): string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      // Header: salt (16) | record size (4) | key id length (1) | key id = the sender's public key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then any zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushAnswer {
  status: number;
  /** Answer only after this long (a slow push service). */
  delayMs?: number;
  headers?: Record<string, string>;
}

export interface FakePushService {
  origin: string;
  /** A fresh endpoint URL on this service. */
  endpoint(): string;
  /** Every request received, in order. */
  received: ReceivedPush[];
  receivedAt(endpoint: string): ReceivedPush[];
  /** How the next requests to `endpoint` are answered, one answer each (then 201). */
  answer(endpoint: string, ...answers: PushAnswer[]): void;
  /** Called when a response has been sent (ordering assertions). */
  onAnswered(listener: (push: ReceivedPush) => void): void;
  close(): Promise<void>;
}

/** A stand-in for a browser vendor's push service on 127.0.0.1: records pushes, answers 201 Created. */
export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, PushAnswer[]>();
  const answeredListeners: ((push: ReceivedPush) => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push: ReceivedPush = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      const answer = answers.get(push.path)?.shift() ?? { status: 201 };
      setTimeout(() => {
        response.writeHead(answer.status, answer.headers);
        response.end(() => {
          for (const listener of answeredListeners) listener(push);
        });
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake push service did not start');
  const origin = `http://127.0.0.1:${address.port}`;
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;
  return {
    origin,
    endpoint: () => `${origin}/push/${randomBytes(12).toString('base64url')}`,
    received,
    receivedAt: (endpoint) => received.filter((push) => push.path === pathOf(endpoint)),
    answer: (endpoint, ...list) => answers.set(pathOf(endpoint), list),
    onAnswered: (listener) => answeredListeners.push(listener),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
