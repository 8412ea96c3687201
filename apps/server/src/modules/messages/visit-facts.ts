import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** Everything a message about a visit may say, read when it is sent (the visit as it is then). */
export interface VisitFacts {
  status: string;
  /** Booked in the app and not yet confirmed by the desk: nothing is promised to the patient yet. */
  awaitingConfirmation: boolean;
  slotAt: Date;
  date: string;
  startTime: string;
  tokenNumber: number;
  tokenPrefix: string | null;
  ownerName: string;
  /** Where the doctor sees patients or the scan/test is done ('Room 12, 2nd floor'), if set. */
  room: string | null;
  facilityName: string | null;
  facilityAddress: string | null;
  cancelReason: string | null;
  checkedInAt: Date | null;
  calledAt: Date | null;
  /** A booking's report, once ready. */
  reportUploadId: string | null;
  patientId: string;
  /** The patient's phone as it is now (E.164). */
  phone: string;
}

interface VisitFactsRow {
  status: string;
  awaiting_confirmation: boolean;
  slot_at: Date | string;
  date: string;
  start_time: string;
  token_number: number;
  token_prefix: string | null;
  owner_name: string;
  room: string | null;
  facility_name: string | null;
  facility_address: string | null;
  cancel_reason: string | null;
  checked_in_at: Date | string | null;
  called_at: Date | string | null;
  report_upload_id: string | null;
  patient_id: string;
  phone: string;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

export async function visitFacts(db: Db | Tx, kind: 'appointment' | 'booking', visitId: string): Promise<VisitFacts | undefined> {
  const [table, owners, ownerColumn] = kind === 'appointment' ? ['appointments', 'doctors', 'doctor_id'] : ['bookings', 'services', 'service_id'];
  const result = await db.execute(sql`
    select v.status::text as status, v.awaiting_confirmation, (v.date + v.start_time::time) at time zone o.time_zone as slot_at, v.date::text as date, v.start_time,
           v.token_number, w.token_prefix, w.name as owner_name, w.room, f.name as facility_name, f.address as facility_address,
           v.cancel_reason, v.checked_in_at, v.called_at, ${kind === 'booking' ? sql`v.report_upload_id` : sql`null::uuid`} as report_upload_id,
           v.patient_id, p.phone
    from ${sql.identifier(table)} v
    join organisations o on o.id = v.organisation_id
    join patients p on p.id = v.patient_id
    join ${sql.identifier(owners)} w on w.id = v.${sql.identifier(ownerColumn)}
    left join facilities f on f.id = coalesce(v.facility_id, w.facility_id)
    where v.id = ${visitId}`);
  const [row] = rowsOf<VisitFactsRow>(result);
  if (!row) return undefined;
  return {
    status: row.status,
    awaitingConfirmation: row.awaiting_confirmation,
    slotAt: new Date(row.slot_at),
    date: row.date,
    startTime: row.start_time,
    tokenNumber: row.token_number,
    tokenPrefix: row.token_prefix,
    ownerName: row.owner_name,
    room: row.room,
    facilityName: row.facility_name,
    facilityAddress: row.facility_address,
    cancelReason: row.cancel_reason,
    checkedInAt: date(row.checked_in_at),
    calledAt: date(row.called_at),
    reportUploadId: row.report_upload_id,
    patientId: row.patient_id,
    phone: row.phone,
  };
}
