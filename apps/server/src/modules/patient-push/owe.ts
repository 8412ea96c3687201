import type { PatientPushKind } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

export type VisitKind = 'appointment' | 'booking';

export const visitTable = (kind: VisitKind) => sql.identifier(kind === 'appointment' ? 'appointments' : 'bookings');

/**
 * Owes a push of `kind` about each of these visits to every browser that opted in on a patient
 * account with the visit's patient's phone (an account sees the visits carrying its phone:
 * lib/patient-auth.ts ownPatients). The unique key (subscription, visit, kind) makes each owed
 * once, however often the queue moves. Answers how many were newly owed.
 */
export async function owePatientPushes(db: Db | Tx, kind: PatientPushKind, visitKind: VisitKind, visitIds: readonly string[]): Promise<number> {
  if (visitIds.length === 0) return 0;
  const result = await db.execute(sql`
    insert into patient_push_outbox (organisation_id, subscription_id, visit_kind, visit_id, kind)
    select v.organisation_id, s.id, ${visitKind}, v.id, ${kind}
    from ${visitTable(visitKind)} v
    join patients p on p.id = v.patient_id
    -- Accounts are E.164 ('+' and digits): the unique index on the phone finds the account.
    join patient_accounts a on a.phone = '+' || p.phone_digits
    join patient_push_subscriptions s on s.account_id = a.id
    where v.id in (${sql.join(
      visitIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    on conflict do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).length;
}
