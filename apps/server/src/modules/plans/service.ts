import type { PlanStatus } from '@caredesk/shared';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { plans, subscriptions } from '../../db/schema/index.js';

/** Active = now within a subscription's [startsAt, endsAt). Otherwise the latest one, for its name. */
export async function getPlanStatus(db: Db, organisationId: string): Promise<PlanStatus> {
  const [active] = await db
    .select({ planName: plans.name, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.organisationId, organisationId), lte(subscriptions.startsAt, sql`now()`), gt(subscriptions.endsAt, sql`now()`)))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  if (active) return { isActive: true, planName: active.planName, endsAt: active.endsAt.toISOString() };
  const [latest] = await db
    .select({ planName: plans.name, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.organisationId, organisationId))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  return { isActive: false, planName: latest?.planName ?? null, endsAt: latest?.endsAt.toISOString() ?? null };
}
