// The patient app's first-page JavaScript budget (issue 17: 120 KB gzip, React included).
// Reads the last build (npm run build -w @caredesk/patient); builds nothing. Counts the entry of
// index.html and every chunk it imports statically, from Vite's manifest: what a phone must
// download before the first page works. Lazy pages and the Hindi catalog are listed apart.
// Run: npm run bench:patient-bundle -w @caredesk/bench
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/patient/dist');
const manifestFile = join(dist, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build the patient app first (npm run build -w @caredesk/patient).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
if (!entryKey) {
  console.error('No index.html entry in the Vite manifest.');
  process.exit(1);
}

/** The chunk and everything it imports statically, each once. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const firstPage = [...staticClosure(entryKey)].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
const sizes = firstPage.map((file) => ({ file, gzip: gzipSize(file) }));
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);

console.log('First page of the patient app (entry + static imports), gzip:');
for (const { file, gzip } of sizes) console.log(`  ${file.padEnd(40)} ${kb(gzip).padStart(9)}`);
console.log(`  ${'total'.padEnd(40)} ${kb(total).padStart(9)}   budget ${kb(BUDGET_BYTES)}`);

const later = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && !firstPage.includes(file) && file !== 'sw.js');
if (later.length > 0) {
  console.log('Loaded later (lazy pages, other languages), gzip:');
  for (const file of later) console.log(`  ${file.padEnd(40)} ${kb(gzipSize(file)).padStart(9)}`);
}

if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
