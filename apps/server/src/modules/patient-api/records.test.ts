import { patientRecordListSchema, type ErrorBody, type PatientRecordList } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { AFTER_MIDNIGHT, indiaDay, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient, type PatientApp } from './test-support.js';

/** The date of birth of someone who turns `years` today on India's calendar. */
function bornYearsAgoToday(years: number): string {
  const today = indiaDay(0);
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}

describe.each(drivers)('GET /api/patient/organisations/{orgId}/patients: the account’s records there (%s)', (driver) => {
  // Five past midnight in India, still yesterday in UTC: a birthday today counts only on India's calendar.
  pinClockAt(AFTER_MIDNIGHT);
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let patient: PatientApp;
  const recordsOf = async (app: PatientApp, orgId: string): Promise<PatientRecordList> => {
    const response = await app.get(`/api/patient/organisations/${orgId}/patients`);
    expect(response.statusCode, response.body).toBe(200);
    return patientRecordListSchema.parse(response.json());
  };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { onlineBooking: { cutoffMinutes: 0 } });
    ({ admin } = await staffClients(t.app, org));
    patient = await signInPatient(t);
  });

  it('lists the records carrying the account’s phone, oldest first, with ages on the organisation’s calendar', async () => {
    expect(await recordsOf(patient, org.id)).toEqual({ items: [] });
    const self = await addPatient(admin, { name: 'Rohan Kulkarni', phone: patient.phone, gender: 'MALE', dateOfBirth: bornYearsAgoToday(30) });
    const doctor = await addDoctor(admin);
    const booked = await patient.post('/api/patient/appointments', {
      organisationId: org.id,
      doctorId: doctor.id,
      date: daysFromToday(1),
      startTime: '09:00',
      patient: { name: 'Aai Kulkarni', gender: 'FEMALE' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // Someone else's record, and the account's record in another organisation, are not listed.
    await addPatient(admin, { name: 'Neighbour Joshi' });
    const other = await createOrganisation(t.database.db, { onlineBooking: {} });
    await addPatient((await staffClients(t.app, other)).admin, { name: 'Rohan Elsewhere', phone: patient.phone });

    expect(await recordsOf(patient, org.id)).toEqual({
      items: [
        { id: self.id, name: 'Rohan Kulkarni', gender: 'MALE', ageYears: 30 },
        { id: booked.json<{ patientId: string }>().patientId, name: 'Aai Kulkarni', gender: 'FEMALE', ageYears: null },
      ],
    });
  });

  it('books for someone else by age: the record gets 1 January of the birth year on the organisation’s calendar, estimated', async () => {
    const doctor = await addDoctor(admin);
    const book = (patientChoice: Record<string, unknown>, startTime: string) =>
      patient.post('/api/patient/appointments', { organisationId: org.id, doctorId: doctor.id, date: daysFromToday(2), startTime, patient: patientChoice });
    const booked = await book({ name: 'Baba Kulkarni', gender: 'MALE', ageYears: 67 }, '09:00');
    expect(booked.statusCode, booked.body).toBe(201);
    const patientId = booked.json<{ patientId: string }>().patientId;
    const record = (await admin.get(`/api/patients/${patientId}`)).json<{ dateOfBirth: string | null; dobEstimated: boolean; phone: string }>();
    expect(record).toMatchObject({ dateOfBirth: `${Number(indiaDay(0).slice(0, 4)) - 67}-01-01`, dobEstimated: true, phone: patient.phone });
    expect((await recordsOf(patient, org.id)).items).toContainEqual({ id: patientId, name: 'Baba Kulkarni', gender: 'MALE', ageYears: 67 });

    const both = await book({ name: 'Kaka Kulkarni', gender: 'MALE', ageYears: 60, dateOfBirth: '1965-03-01' }, '09:15');
    expect(both.statusCode).toBe(400);
    expect(both.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['patient.ageYears']);
    const tooOld = await book({ name: 'Kaka Kulkarni', gender: 'MALE', ageYears: 121 }, '09:15');
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['patient.ageYears']);
  });

  it('never lists another account’s records', async () => {
    const stranger = await signInPatient(t);
    expect(await recordsOf(stranger, org.id)).toEqual({ items: [] });
  });

  it('answers 404 for an unknown organisation, and 400 naming orgId for one that is not an id', async () => {
    const missing = await patient.get('/api/patient/organisations/00000000-0000-4000-8000-000000000000/patients');
    expect(missing.statusCode).toBe(404);
    const bad = await patient.get('/api/patient/organisations/not-an-id/patients');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['orgId']);
  });

  it('needs a patient sign-in', async () => {
    expect((await t.app.inject({ url: `/api/patient/organisations/${org.id}/patients` })).statusCode).toBe(401);
  });
});
