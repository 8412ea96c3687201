import { WHATSAPP_ADDON } from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organisations, subscriptions, whatsappSubscriptions } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Serialises an organisation's purchases, so two at once queue their periods instead of both
 * starting at the same end. FOR NO KEY UPDATE, not FOR UPDATE: rows elsewhere that reference
 * the organisation (appointments, bookings…) take KEY SHARE locks and must not wait for this.
 */
export async function lockOrganisation(tx: Tx, organisationId: string): Promise<void> {
  await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('no key update');
}

type PeriodTable = typeof subscriptions | typeof whatsappSubscriptions;

/** A purchase while a period runs (or is queued) starts where the last one ends; else now. */
async function nextPeriodStart(tx: Tx, table: PeriodTable, organisationId: string): Promise<Date> {
  const [row] = await tx
    .select({ start: sql`greatest(now(), max(${table.endsAt}))`.mapWith(table.endsAt) })
    .from(table)
    .where(eq(table.organisationId, organisationId));
  return row!.start;
}

export interface PlanPeriodInput {
  plan: { id: string; durationDays: number };
  /** The checkout that paid for it; null when paid from the wallet. */
  paymentOrderId: string | null;
}

/** Adds a plan period (purchase or renewal) and announces plan.updated on commit. */
export async function addPlanPeriod(tx: Tx, events: EventBus, organisationId: string, input: PlanPeriodInput): Promise<string> {
  await lockOrganisation(tx, organisationId);
  const startsAt = await nextPeriodStart(tx, subscriptions, organisationId);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      organisationId,
      planId: input.plan.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + input.plan.durationDays * DAY_MS),
      paymentOrderId: input.paymentOrderId,
    })
    .returning({ id: subscriptions.id });
  await events.publish(organisationId, { type: 'plan.updated', subscriptionId: row!.id }, tx);
  return row!.id;
}

/** Adds a WhatsApp add-on period (WHATSAPP_ADDON.durationDays) and announces plan.updated on commit. */
export async function addWhatsappPeriod(tx: Tx, events: EventBus, organisationId: string, paymentOrderId: string): Promise<void> {
  await lockOrganisation(tx, organisationId);
  const startsAt = await nextPeriodStart(tx, whatsappSubscriptions, organisationId);
  await tx.insert(whatsappSubscriptions).values({
    organisationId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + WHATSAPP_ADDON.durationDays * DAY_MS),
    paymentOrderId,
  });
  await events.publish(organisationId, { type: 'plan.updated' }, tx);
}

export interface Period {
  startsAt: Date;
  endsAt: Date;
  /** startsAt <= now() by the database's clock. */
  started: boolean;
}

/**
 * The period running now, stretched over the renewals queued right after it (same kind, no gap),
 * so a renewal shows as a later end date. `rows` are the periods not yet ended, by start.
 */
export function runningPeriod<T extends Period>(rows: readonly T[], sameKind: (a: T, b: T) => boolean): (T & { endsAt: Date }) | undefined {
  const [current] = rows;
  if (!current?.started) return undefined;
  let endsAt = current.endsAt;
  for (const next of rows.slice(1)) {
    if (!sameKind(current, next) || next.startsAt.getTime() > endsAt.getTime()) break;
    if (next.endsAt > endsAt) endsAt = next.endsAt;
  }
  return { ...current, endsAt };
}
