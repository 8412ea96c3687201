import { paiseToRupees, type Wallet } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations, wallets } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';

/** The balance in rupees (two decimals) from the ledger's paise; no wallet row yet means 0. */
export async function getWallet(db: Db, organisationId: string): Promise<Wallet> {
  const [row] = await db
    .select({ showWallet: organisations.showWallet, balancePaise: wallets.balancePaise })
    .from(organisations)
    .leftJoin(wallets, eq(wallets.organisationId, organisations.id))
    .where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError();
  return { showWallet: row.showWallet, balance: paiseToRupees(row.balancePaise ?? 0) };
}
