import { ageFrom, todayIn, type PatientRecordList } from '@caredesk/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patients } from '../../db/schema/index.js';
import { ownPatients, type PatientCaller } from '../../lib/patient-auth.js';
import { organisationFor } from './catalogue.js';

/**
 * GET /api/patient/organisations/:orgId/patients: the records in that organisation carrying the
 * account's phone, for "who is this visit for". Oldest first: the first record made for a phone
 * is usually its owner's. Ages are counted on the organisation's calendar, as at its desk.
 */
export async function ownRecords(db: Db, caller: PatientCaller, organisationId: string, now = new Date()): Promise<PatientRecordList> {
  const organisation = await organisationFor(db, organisationId);
  const today = todayIn(organisation.timeZone, now);
  const rows = await db
    .select({ id: patients.id, name: patients.name, gender: patients.gender, dateOfBirth: patients.dateOfBirth })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), ownPatients(caller)))
    .orderBy(asc(patients.createdAt), asc(patients.id));
  return { items: rows.map(({ dateOfBirth, ...record }) => ({ ...record, ageYears: dateOfBirth ? ageFrom(dateOfBirth, today) : null })) };
}
