import type { DashboardSummary } from '@caredesk/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { countUnread } from '../notifications/service.js';
import { getPlanStatus } from '../plans/service.js';
import { getWallet } from '../wallet/service.js';

export async function getDashboardSummary(db: Db, caller: StaffContext): Promise<DashboardSummary> {
  const [staffRows, unreadNotifications, wallet, plan] = await Promise.all([
    db
      .select({ staffCount: count() })
      .from(staff)
      .where(and(eq(staff.organisationId, caller.organisationId), eq(staff.active, true))),
    countUnread(db, { staffId: caller.id, organisationId: caller.organisationId }),
    getWallet(db, caller.organisationId),
    getPlanStatus(db, caller.organisationId),
  ]);
  return { staffCount: staffRows[0]?.staffCount ?? 0, unreadNotifications, walletBalance: wallet.balance, planActive: plan.isActive };
}
