import { ageFrom, CONSULTING_HISTORY_MAX, NO_LINKED_DOCTOR_MESSAGE, type ConsultingPastVisit, type ConsultingPatient } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { StaffContext } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';
import { privateFileLinker } from '../uploads/index.js';
import { queueDay } from '../token-queue/index.js';

/** The doctor a doctor's own account is; a 404 saying so when it has none (the doctor was removed). */
export function linkedDoctorOf(caller: StaffContext): string {
  if (!caller.doctorId) throw new NotFoundError(NO_LINKED_DOCTOR_MESSAGE);
  return caller.doctorId;
}

interface PatientRow {
  id: string;
  uhid: string;
  name: string;
  gender: string;
  date_of_birth: string | null;
  blood_group: string | null;
  notes: string | null;
}

interface PastVisitRow {
  kind: 'appointment' | 'booking';
  id: string;
  date: string;
  start_time: string;
  with_name: string;
  status: string;
  reason: string | null;
  notes: string | null;
  report_upload_id: string | null;
  report_name: string | null;
}

/**
 * The patient of one of today's visits of the caller's doctor, with their other visits in the
 * organisation (newest first) and the reports of their scans and tests. Any other visit (another
 * doctor's, another day's, another organisation's) is a 404: the room sees the patients in front
 * of it, not the register.
 */
export async function consultingPatient(db: Db, caller: StaffContext, visitId: string, now = new Date()): Promise<ConsultingPatient> {
  const doctorId = linkedDoctorOf(caller);
  const { date } = await queueDay(db, caller.organisationId, now);
  const [patient] = rowsOf<PatientRow>(
    await db.execute(sql`
      select p.id, p.uhid, p.name, p.gender::text as gender, p.date_of_birth::text as date_of_birth, p.blood_group::text as blood_group, p.notes
      from appointments a join patients p on p.id = a.patient_id
      where a.id = ${visitId} and a.organisation_id = ${caller.organisationId} and a.doctor_id = ${doctorId} and a.date = ${date}`),
  );
  if (!patient) throw new NotFoundError('Appointment not found');
  const history = rowsOf<PastVisitRow>(
    await db.execute(sql`
      (select 'appointment' as kind, a.id, a.date::text as date, a.start_time, d.name as with_name, a.status::text as status, a.reason, a.notes,
              null::uuid as report_upload_id, null::text as report_name
         from appointments a join doctors d on d.id = a.doctor_id
        where a.patient_id = ${patient.id} and a.organisation_id = ${caller.organisationId} and a.id <> ${visitId})
      union all
      (select 'booking', b.id, b.date::text, b.start_time, s.name, b.status::text, b.reason, b.notes, u.id, u.name
         from bookings b join services s on s.id = b.service_id left join uploads u on u.id = b.report_upload_id
        where b.patient_id = ${patient.id} and b.organisation_id = ${caller.organisationId})
      order by date desc, start_time desc
      limit ${CONSULTING_HISTORY_MAX}`),
  );
  const link = history.some((row) => row.report_upload_id) ? await privateFileLinker(db, now) : undefined;
  return {
    visitId,
    patient: {
      id: patient.id,
      uhid: patient.uhid,
      name: patient.name,
      gender: patient.gender,
      age: patient.date_of_birth ? ageFrom(patient.date_of_birth, date) : null,
      bloodGroup: patient.blood_group,
      notes: patient.notes,
    },
    history: history.map((row): ConsultingPastVisit => ({
      kind: row.kind,
      id: row.id,
      date: row.date,
      startTime: row.start_time,
      with: row.with_name,
      status: row.status,
      reason: row.reason,
      notes: row.notes,
      report: row.report_upload_id && link ? { name: row.report_name ?? '', url: link(row.report_upload_id) } : null,
    })),
  };
}
