#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing, build what is stale, then run the
// server, which migrates, seeds demo data on an empty database and serves console, patient app (/p/) + API.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const sh = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)…');
  sh('npm', ['ci', '--no-audit', '--no-fund']);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    latest = Math.max(latest, newest(join(path, name)));
  }
  return latest;
}

const stamp = join(root, 'apps', 'server', 'dist', '.build-stamp');
const sources = [
  'packages/shared/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/patient/src',
  'apps/patient/index.html',
  'apps/patient/public',
  'package-lock.json',
];
const sourceTime = Math.max(...sources.map((path) => newest(join(root, path))));
const built = existsSync(stamp) && existsSync(join(root, 'apps', 'web', 'dist', 'index.html')) && existsSync(join(root, 'apps', 'patient', 'dist', 'index.html'));
if (!built || statSync(stamp).mtimeMs < sourceTime) {
  console.log('Building console, patient app and server…');
  sh('npm', ['run', 'build', '--silent']);
  writeFileSync(stamp, new Date().toISOString());
}

const server = spawn(process.execPath, [join(root, 'apps', 'server', 'dist', 'main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
