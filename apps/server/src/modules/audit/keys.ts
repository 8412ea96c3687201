import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.js';

/**
 * The audit trail's secret (design.md §10): the hash chain is keyed with it, so a database owner
 * who rewrites entries cannot recompute their hashes. It never lives in the database: it comes
 * from AUDIT_HMAC_KEY, else from a file generated once in AUDIT_DIR (beside the data directory).
 */
export interface AuditKeys {
  /** HMAC key of chain entries (hash version 2). */
  chain: Buffer;
  /** HMAC key of exported anchors (a separate derivation: an anchor is never an entry). */
  anchor: Buffer;
  /** A short public fingerprint, written into anchors so a key mix-up reads as one. */
  keyId: string;
  /** Where anchors are exported (and the generated key kept). */
  dir: string;
  /** Where the key came from, for the start-time message. */
  source: 'environment' | 'file';
}

export const KEY_FILE = 'audit-hmac.key';

/** `${DATA_DIR}-audit`: beside the embedded database's directory, never inside it. */
export function auditDirOf(config: Pick<Config, 'AUDIT_DIR' | 'DATA_DIR'>): string {
  return resolve(config.AUDIT_DIR ?? `${config.DATA_DIR.replace(/[/\\]+$/, '')}-audit`);
}

function derive(master: Buffer, purpose: string): Buffer {
  return createHmac('sha256', master).update(`caredesk audit ${purpose}`).digest();
}

/** The generated key: created once (exclusive create, so two starting processes agree), then read. */
function keyFromFile(dir: string, create: boolean): Buffer {
  const file = join(dir, KEY_FILE);
  if (create) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  } else if (!existsSync(file)) {
    throw new Error(`No audit key: set AUDIT_HMAC_KEY, or AUDIT_DIR to the directory holding ${KEY_FILE}.`);
  }
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`The audit key file ${file} is empty or damaged: restore it from a backup, or set AUDIT_HMAC_KEY.`);
  return Buffer.from(text, 'utf8');
}

/** `create: false` (the verify command) refuses to make a key where none was found. */
export function loadAuditKeys(config: Pick<Config, 'AUDIT_DIR' | 'DATA_DIR' | 'AUDIT_HMAC_KEY'>, create = true): AuditKeys {
  const dir = auditDirOf(config);
  const source = config.AUDIT_HMAC_KEY ? 'environment' : 'file';
  const master = config.AUDIT_HMAC_KEY ? Buffer.from(config.AUDIT_HMAC_KEY, 'utf8') : keyFromFile(dir, create);
  return { chain: derive(master, 'chain v2'), anchor: derive(master, 'anchor v1'), keyId: derive(master, 'key id').toString('hex').slice(0, 16), dir, source };
}

const keysByConfig = new WeakMap<object, AuditKeys>();

/** One resolution per configuration object: the hook, the routes and the anchor exporter share it. */
export function auditKeysOf(config: Config): AuditKeys {
  let keys = keysByConfig.get(config);
  if (!keys) {
    keys = loadAuditKeys(config);
    keysByConfig.set(config, keys);
  }
  return keys;
}
