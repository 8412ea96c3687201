import type { Db } from '../../db/client.js';
import { anchoredOrganisations } from './anchors.js';
import type { AuditKeys } from './keys.js';
import { auditedOrganisations, NO_ENTRY_ID, verifyAuditChain } from './verify.js';

export interface VerifyCommandOptions {
  /** One organisation; every audited organisation when undefined. */
  organisationId?: string | undefined;
  keys: AuditKeys;
  write: (line: string) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `--organisation <uuid>` (or `--organisation=<uuid>`); anything else is a usage error. */
export function parseVerifyArgs(argv: readonly string[]): { organisationId?: string } {
  const [flag, value, ...rest] = argv;
  if (flag === undefined) return {};
  const [name, inline] = flag.split('=', 2) as [string, string | undefined];
  const organisationId = inline ?? value;
  const extra = inline === undefined ? rest : [value, ...rest].filter((arg) => arg !== undefined);
  if (name !== '--organisation' || !organisationId || !UUID.test(organisationId) || extra.length > 0) {
    throw new Error('Usage: npm run audit:verify -w @caredesk/server [-- --organisation <uuid>]');
  }
  return { organisationId: organisationId.toLowerCase() };
}

/**
 * Verifies each organisation's audit chain and writes one line per organisation:
 * `<id> ok: 123 entries` or `<id> BROKEN at entry 57 (id …): hash does not match its fields`.
 * Returns the exit code: 1 when any chain is broken, else 0.
 */
export async function runAuditVerify(db: Db, options: VerifyCommandOptions): Promise<number> {
  // An organisation whose entries and head were all deleted is still named by its anchor.
  const organisationIds = options.organisationId
    ? [options.organisationId]
    : [...new Set([...(await auditedOrganisations(db)), ...(await anchoredOrganisations(options.keys))])].sort();
  if (organisationIds.length === 0) options.write('no audit entries yet');
  let exitCode = 0;
  for (const organisationId of organisationIds) {
    const result = await verifyAuditChain(db, options.keys, organisationId);
    if (result.firstBroken) {
      const { seq, id, reason } = result.firstBroken;
      const where = id === NO_ENTRY_ID ? `entry ${seq}` : `entry ${seq} (id ${id})`;
      options.write(`${organisationId} BROKEN at ${where}: ${reason}`);
      exitCode = 1;
    } else {
      options.write(`${organisationId} ok: ${result.checked} ${result.checked === 1 ? 'entry' : 'entries'}`);
    }
  }
  return exitCode;
}
