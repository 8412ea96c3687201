import { WHATSAPP_ADDON, paiseToRupees, type PaymentOrder, type PaymentVerify, type PlanOffer, type PlanPurchaseResponse, type PlanStatus } from '@caredesk/shared';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { plans, subscriptions, whatsappSubscriptions } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';
import { createPaymentOrder, verifyCheckout, type Fulfilments } from '../payments/index.js';
import { postWalletEntry } from '../wallet/index.js';
import { addPlanPeriod, addWhatsappPeriod, runningPeriod } from './periods.js';

const planColumns = { planId: plans.id, planName: plans.name, features: plans.features };

/**
 * GET /plan/current. Active = now within a period, by the database's clock, so expiry needs
 * nobody to act. endsAt runs to the end of renewals queued right after the current period.
 * With nothing running, the latest period is shown (inactive) for its name and dates.
 */
export async function getPlanStatus(db: Db, organisationId: string): Promise<PlanStatus> {
  const notEnded = await db
    .select({ ...planColumns, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt, started: sql<boolean>`${subscriptions.startsAt} <= now()` })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.organisationId, organisationId), gt(subscriptions.endsAt, sql`now()`)))
    .orderBy(asc(subscriptions.startsAt));
  const whatsapp = await whatsappStatus(db, organisationId);
  const running = runningPeriod(notEnded, (a, b) => a.planId === b.planId);
  const shown =
    running ??
    (
      await db
        .select({ ...planColumns, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.organisationId, organisationId))
        .orderBy(desc(subscriptions.endsAt))
        .limit(1)
    )[0];
  return {
    isActive: Boolean(running),
    planId: shown?.planId ?? null,
    planName: shown?.planName ?? null,
    startsAt: shown?.startsAt.toISOString() ?? null,
    endsAt: shown?.endsAt.toISOString() ?? null,
    features: shown?.features ?? [],
    whatsapp,
  };
}

/** The WhatsApp add-on's running period, if any: the plan page shows it, messages to patients need it. */
export async function whatsappStatus(db: Db, organisationId: string): Promise<NonNullable<PlanStatus['whatsapp']>> {
  const notEnded = await db
    .select({ startsAt: whatsappSubscriptions.startsAt, endsAt: whatsappSubscriptions.endsAt, started: sql<boolean>`${whatsappSubscriptions.startsAt} <= now()` })
    .from(whatsappSubscriptions)
    .where(and(eq(whatsappSubscriptions.organisationId, organisationId), gt(whatsappSubscriptions.endsAt, sql`now()`)))
    .orderBy(asc(whatsappSubscriptions.startsAt));
  const running = runningPeriod(notEnded, () => true);
  return { isActive: Boolean(running), endsAt: running?.endsAt.toISOString() ?? null };
}

/** GET /plan/plans: the plans on sale, in the page's order. */
export async function listPlanOffers(db: Db): Promise<{ data: PlanOffer[] }> {
  const data = await db
    .select({ id: plans.id, name: plans.name, pricePaise: plans.pricePaise, durationDays: plans.durationDays, features: plans.features })
    .from(plans)
    .where(eq(plans.active, true))
    .orderBy(asc(plans.sortOrder), asc(plans.pricePaise), asc(plans.id));
  return { data };
}

async function planOnSale(db: Db, planId: string) {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.active, true)));
  if (!plan) throw new NotFoundError('Plan not found');
  return plan;
}

/**
 * POST /plan/activate: buys or renews a plan. Paid from the wallet when the balance covers the
 * price (the debit, its ledger entry and the period in one transaction); otherwise a checkout
 * order for the full price, which verify-subscription completes.
 */
export async function activatePlan(ctx: Pick<AppContext, 'db' | 'events' | 'payments'>, caller: StaffContext, planId: string): Promise<PlanPurchaseResponse> {
  const plan = await planOnSale(ctx.db, planId);
  const paidFromWallet = await ctx.db.transaction(async (tx) => {
    const debit = await postWalletEntry(tx, ctx.events, caller.organisationId, { kind: 'DEBIT', amountPaise: plan.pricePaise, description: `Plan: ${plan.name}` });
    if (!debit) return false;
    await addPlanPeriod(tx, ctx.events, caller.organisationId, { plan, paymentOrderId: null });
    return true;
  });
  if (paidFromWallet) return { status: 'ACTIVATED', paidFrom: 'WALLET', plan: await getPlanStatus(ctx.db, caller.organisationId) };
  const order = await createPaymentOrder(ctx, caller, {
    purpose: 'PLAN',
    amountPaise: plan.pricePaise,
    planId: plan.id,
    checkout: { name: `${plan.name} plan`, description: `${plan.durationDays} days of ${plan.name} (₹${paiseToRupees(plan.pricePaise).toFixed(2)})` },
  });
  return { status: 'CHECKOUT', order };
}

/** POST /plan/subscribe-whatsapp: a checkout order for the WhatsApp add-on's period. */
export function subscribeWhatsapp(ctx: Pick<AppContext, 'db' | 'payments'>, caller: StaffContext): Promise<PaymentOrder> {
  return createPaymentOrder(ctx, caller, {
    purpose: 'WHATSAPP',
    amountPaise: WHATSAPP_ADDON.pricePaise,
    checkout: { name: WHATSAPP_ADDON.name, description: `${WHATSAPP_ADDON.durationDays} days of WhatsApp messages to patients` },
  });
}

/** What a paid PLAN or WHATSAPP order buys: the plan's period (its length as sold now) or the add-on's. */
export const planFulfilments = {
  PLAN: async (tx, events, order) => {
    const [plan] = await tx.select({ id: plans.id, durationDays: plans.durationDays }).from(plans).where(eq(plans.id, order.planId!));
    await addPlanPeriod(tx, events, order.organisationId, { plan: plan!, paymentOrderId: order.id });
  },
  WHATSAPP: (tx, events, order) => addWhatsappPeriod(tx, events, order.organisationId, order.id),
} satisfies Fulfilments;

/** POST /plan/verify-subscription: a PLAN or WHATSAPP checkout, activated once however often verified. */
export async function verifySubscription(ctx: Pick<AppContext, 'db' | 'events' | 'payments'>, caller: StaffContext, input: PaymentVerify): Promise<PlanPurchaseResponse> {
  await verifyCheckout(ctx, caller, input, planFulfilments, async () => undefined);
  return { status: 'ACTIVATED', paidFrom: 'CHECKOUT', plan: await getPlanStatus(ctx.db, caller.organisationId) };
}
