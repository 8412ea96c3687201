import type { Bill, DiscountInput } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { bills } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError, ForbiddenError } from '../../lib/errors.js';
import { text } from '../../lib/i18n/index.js';
import { readBillingSettings } from './settings.js';
import { assertEditable, loadBill, lockBill, reprice } from './bills.js';

/** The most a caller may take off a bill without an admin: a worker's share of the subtotal, an admin's all of it. */
async function discountLimit(tx: Tx, caller: StaffContext, subtotalPaise: number): Promise<{ limitPaise: number; percent: number }> {
  if (caller.role === 'ADMIN') return { limitPaise: subtotalPaise, percent: 100 };
  const { workerDiscountLimitPercent: percent } = await readBillingSettings(tx, caller.organisationId);
  return { limitPaise: Math.floor((subtotalPaise * percent) / 100), percent };
}

/**
 * POST /api/billing/bills/{id}/discount. Within the caller's limit it applies at once; beyond a
 * worker's, it is refused (403), or, with `requestApproval`, kept for an admin to approve (202).
 */
export async function setDiscount(db: Db, caller: StaffContext, billId: string, input: DiscountInput): Promise<{ status: 200 | 202; bill: Bill }> {
  const status = await db.transaction(async (tx) => {
    const bill = await lockBill(tx, caller, billId);
    await assertEditable(tx, bill);
    if (input.amountPaise > bill.subtotalPaise) {
      throw new BadRequestError('amountPaise: The discount is more than the bill', [{ path: 'amountPaise', message: 'The discount is more than the bill' }]);
    }
    const { limitPaise, percent } = await discountLimit(tx, caller, bill.subtotalPaise);
    if (input.amountPaise > limitPaise) {
      if (!input.requestApproval) {
        throw new ForbiddenError(text('billing.discountNeedsApproval', { percent }));
      }
      await tx
        .update(bills)
        .set({
          requestedDiscountPaise: input.amountPaise,
          requestedDiscountReason: input.reason,
          discountRequestedBy: caller.id,
          discountRequestedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(bills.id, bill.id));
      return 202 as const;
    }
    await reprice(tx, bill, input.amountPaise, {
      discountReason: input.amountPaise > 0 ? input.reason : null,
      discountedBy: caller.id,
      requestedDiscountPaise: null,
      requestedDiscountReason: null,
      discountRequestedBy: null,
      discountRequestedAt: null,
    });
    return 200 as const;
  });
  return { status, bill: await loadBill(db, caller.organisationId, billId) };
}

/** POST /api/billing/bills/{id}/discount/approve (admins): the worker's request applies as asked. */
export async function approveDiscount(db: Db, caller: StaffContext, billId: string): Promise<Bill> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, caller, billId);
    if (bill.requestedDiscountPaise === null) throw new ConflictError('No discount is waiting for approval');
    await assertEditable(tx, bill);
    if (bill.requestedDiscountPaise > bill.subtotalPaise) throw new ConflictError('The bill has changed since: the discount is more than the bill');
    await reprice(tx, bill, bill.requestedDiscountPaise, {
      discountReason: bill.requestedDiscountReason,
      discountedBy: caller.id,
      requestedDiscountPaise: null,
      requestedDiscountReason: null,
      discountRequestedBy: null,
      discountRequestedAt: null,
    });
  });
  return loadBill(db, caller.organisationId, billId);
}
