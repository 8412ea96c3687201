// Writes the console's PWA icons (public/icons/*.png) from the favicon's design: a #5041BC
// rounded square with a white cross, on a 64-unit grid. No image library: the pixels are
// computed here (4x4 supersampled) and written as PNG with zlib.
// Run: node apps/web/scripts/generate-icons.mjs
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import process from 'node:process';
import { deflateSync } from 'node:zlib';

const PRIMARY = [0x50, 0x41, 0xbc];
const WHITE = [0xff, 0xff, 0xff];
const out = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');

// The cross of favicon.svg: M27 14h10v13h13v10H37v13H27V37H14V27h13z
const inCross = (x, y) => (x >= 27 && x < 37 && y >= 14 && y < 50) || (x >= 14 && x < 50 && y >= 27 && y < 37);

function inRoundedSquare(x, y, radius) {
  if (radius === 0) return x >= 0 && x < 64 && y >= 0 && y < 64;
  const cx = Math.min(Math.max(x, radius), 64 - radius);
  const cy = Math.min(Math.max(y, radius), 64 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * kind 'any': rounded square as the favicon; 'full': square to the edges (maskable, Apple, where
 * the platform rounds it); 'badge': the white cross alone on transparent (Android status bar).
 */
function pixel(kind, x, y) {
  if (kind === 'badge') return inCross(x, y) ? [...WHITE, 255] : [0, 0, 0, 0];
  if (!inRoundedSquare(x, y, kind === 'any' ? 14 : 0)) return [0, 0, 0, 0];
  return inCross(x, y) ? [...WHITE, 255] : [...PRIMARY, 255];
}

function render(size, kind) {
  const samples = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const [r, g, b, a] = pixel(kind, ((px + (sx + 0.5) / samples) * 64) / size, ((py + (sy + 0.5) / samples) * 64) / size);
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const alpha = sum[3] / (samples * samples);
      const at = 1 + px * 4;
      for (let c = 0; c < 3; c++) row[at + c] = sum[3] ? Math.round(sum[c] / sum[3]) : 0;
      row[at + 3] = Math.round(alpha);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(out, { recursive: true });
for (const [name, size, kind] of [
  ['icon-192.png', 192, 'any'],
  ['icon-512.png', 512, 'any'],
  ['icon-maskable-512.png', 512, 'full'],
  ['apple-touch-icon.png', 180, 'full'],
  ['badge-72.png', 72, 'badge'],
]) {
  writeFileSync(join(out, name), render(size, kind));
  process.stdout.write(`wrote public/icons/${name} (${size}x${size})\n`);
}
