import type { Readable } from 'node:stream';

/**
 * The little of tar a backup needs: regular files and directories, ustar headers, GNU long names
 * for paths over 100 bytes. Written by hand because the server has no archive dependency and a
 * backup must stream (a data directory does not fit in memory); `tar xzf` reads what this writes.
 */
const BLOCK = 512;
const END = Buffer.alloc(BLOCK * 2);
/** The largest size an 11-digit octal field holds (8 GiB); PostgreSQL files are 1 GiB at most. */
const MAX_SIZE = 0o77777777777;

export interface TarEntry {
  /** Relative, '/'-separated, no '..'. */
  path: string;
  type: 'file' | 'directory';
  size: number;
  mtime: Date;
}

function field(buffer: Buffer, offset: number, length: number, value: string): void {
  buffer.write(value, offset, length, 'utf8');
}

function octal(buffer: Buffer, offset: number, length: number, value: number): void {
  field(buffer, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function header(name: string, type: string, size: number, mtime: Date, mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  field(block, 0, 100, name);
  octal(block, 100, 8, mode);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.max(0, Math.floor(mtime.getTime() / 1000)));
  field(block, 148, 8, '        ');
  field(block, 156, 1, type);
  field(block, 257, 6, 'ustar\0');
  field(block, 263, 2, '00');
  let sum = 0;
  for (const byte of block) sum += byte;
  field(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

export function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest);
}

/** The header block(s) of one entry; its bytes and padding(size) follow. */
export function entryHeader(entry: TarEntry): Buffer {
  assertSafePath(entry.path);
  if (entry.size > MAX_SIZE) throw new Error(`${entry.path} is too large for the backup archive`);
  const name = entry.type === 'directory' ? `${entry.path}/` : entry.path;
  const type = entry.type === 'directory' ? '5' : '0';
  const mode = entry.type === 'directory' ? 0o700 : 0o600;
  const size = entry.type === 'directory' ? 0 : entry.size;
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length <= 100) return header(name, type, size, entry.mtime, mode);
  // GNU long name: a pseudo-entry whose content is the full name, then the entry itself.
  return Buffer.concat([
    header('././@LongLink', 'L', bytes.length + 1, entry.mtime, 0o644),
    bytes,
    Buffer.alloc(1),
    padding(bytes.length + 1),
    header(name.slice(0, 99), type, size, entry.mtime, mode),
  ]);
}

export function endOfArchive(): Buffer {
  return END;
}

export function assertSafePath(path: string): void {
  const parts = path.split('/');
  if (!path || path.startsWith('/') || path.includes('\\') || path.includes('\0') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Unsafe path in backup archive: ${JSON.stringify(path)}`);
  }
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private available = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.iterator = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.iterator.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.chunks.push(next.value);
    this.available += next.value.length;
    return true;
  }

  /** Up to `max` bytes (at least one), or undefined at the end of the stream. */
  async some(max: number): Promise<Buffer | undefined> {
    while (this.available === 0) if (!(await this.fill())) return undefined;
    const first = this.chunks[0]!;
    if (first.length <= max) {
      this.chunks.shift();
      this.available -= first.length;
      return first;
    }
    this.chunks[0] = first.subarray(max);
    this.available -= max;
    return first.subarray(0, max);
  }

  async exactly(length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let missing = length;
    while (missing > 0) {
      const part = await this.some(missing);
      if (!part) throw new Error('The backup archive is truncated');
      parts.push(part);
      missing -= part.length;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  async skip(length: number): Promise<void> {
    let missing = length;
    while (missing > 0) {
      const part = await this.some(missing);
      if (!part) throw new Error('The backup archive is truncated');
      missing -= part.length;
    }
  }
}

function text(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function number(block: Buffer, offset: number, length: number): number {
  const value = Number.parseInt(text(block, offset, length).trim() || '0', 8);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error('The backup archive has a damaged header');
  return value;
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : block[index]!;
  return sum === number(block, 148, 8);
}

/**
 * Calls `onEntry` for each entry in order with a function that streams its content (file
 * entries); content not read by the callback is skipped. Refuses unsafe paths and entry types
 * other than files and directories, so an archive can never write outside its target.
 */
export async function readTar(stream: Readable, onEntry: (entry: TarEntry, content: () => AsyncGenerator<Buffer>) => Promise<void>): Promise<number> {
  const reader = new ByteReader(stream);
  let longName: string | undefined;
  let count = 0;
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block.every((byte) => byte === 0)) return count;
    if (!checksumOk(block)) throw new Error('The backup archive has a damaged header');
    const type = String.fromCharCode(block[156]!);
    const size = number(block, 124, 12);
    if (type === 'L') {
      longName = (await reader.exactly(size)).toString('utf8').replace(/\0+$/, '');
      await reader.skip(padding(size).length);
      continue;
    }
    const prefix = text(block, 345, 155);
    const rawName = longName ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100));
    longName = undefined;
    const path = rawName.replace(/\/+$/, '');
    assertSafePath(path);
    if (type !== '0' && type !== '\0' && type !== '5') throw new Error(`The backup archive holds an entry of an unsupported type (${path})`);
    const entry: TarEntry = { path, type: type === '5' ? 'directory' : 'file', size: type === '5' ? 0 : size, mtime: new Date(number(block, 136, 12) * 1000) };
    let remaining = entry.size;
    async function* content(): AsyncGenerator<Buffer> {
      while (remaining > 0) {
        const part = await reader.some(Math.min(remaining, 1024 * 1024));
        if (!part) throw new Error('The backup archive is truncated');
        remaining -= part.length;
        yield part;
      }
    }
    await onEntry(entry, content);
    await reader.skip(remaining + padding(entry.size).length);
    count++;
  }
}
