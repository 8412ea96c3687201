import { randomUUID } from 'node:crypto';
import { PAYMENT_CURRENCY, type PaymentOrder, type PaymentPurpose } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { paymentOrders, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';

export interface OrderRequest {
  purpose: PaymentPurpose;
  amountPaise: number;
  /** The plan a PLAN order buys. */
  planId?: string;
  /** What the checkout shows (SPEC.md §7 gives the wallet's: 'Wallet Recharge', 'Add money to wallet'). */
  checkout: { name: string; description: string };
}

/**
 * Creates the order at the provider, then records it: what it buys and for how much is fixed
 * here, and read back from this row when the payment is verified (design.md §7).
 */
export async function createPaymentOrder(ctx: Pick<AppContext, 'db' | 'payments'>, caller: StaffContext, request: OrderRequest): Promise<PaymentOrder> {
  const [payer] = await ctx.db
    .select({ id: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    .where(and(eq(staff.id, caller.id), eq(staff.organisationId, caller.organisationId)));
  if (!payer) throw new NotFoundError();
  const id = randomUUID();
  const providerOrderId = await ctx.payments.createOrder({
    amountPaise: request.amountPaise,
    receipt: id,
    notes: { purpose: request.purpose, organisationId: caller.organisationId },
  });
  await ctx.db.insert(paymentOrders).values({
    id,
    organisationId: caller.organisationId,
    provider: ctx.payments.provider,
    providerOrderId,
    purpose: request.purpose,
    amountPaise: request.amountPaise,
    currency: PAYMENT_CURRENCY,
    planId: request.planId ?? null,
    createdBy: caller.id,
  });
  return {
    id: providerOrderId,
    provider: ctx.payments.provider,
    keyId: ctx.payments.keyId,
    purpose: request.purpose,
    amountPaise: request.amountPaise,
    currency: PAYMENT_CURRENCY,
    name: request.checkout.name,
    description: request.checkout.description,
    prefill: payer,
  };
}
