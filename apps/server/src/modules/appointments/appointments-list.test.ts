import { appointmentSummarySchema, type Appointment, type AppointmentSummary } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, type ApiClient } from '../../test/fixtures.js';

interface Page {
  data: AppointmentSummary[];
  total: number;
  page: number;
  pageSize: number;
}

describe.each(drivers)('appointments list: filters, search, sort, pages (%s)', (driver) => {
  const t = useTestApp(driver);
  let organisationId: string;
  let admin: ApiClient;
  const day1 = daysFromToday(3);
  const day2 = daysFromToday(4);
  let meera: { id: string };
  let arjun: { id: string };
  let rohan: { id: string; phone: string };
  let sunita: { id: string };
  let cancelledId: string;

  const list = async (query: string) => {
    const response = await admin.get(`/api/appointments?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const book = async (doctorId: string, patientId: string, date: string, startTime: string) => {
    const response = await admin.post('/api/appointments', { doctorId, patientId, date, startTime });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Appointment>();
  };

  beforeAll(async () => {
    const organisation = await createOrganisation(t.database.db);
    organisationId = organisation.id;
    ({ admin } = await staffClients(t.app, organisation));
    meera = await addDoctor(admin, { name: 'Dr. Meera Joshi', tokenPrefix: 'MJ' });
    arjun = await addDoctor(admin, { name: 'Dr. Arjun Nair', specialization: 'Orthopaedics' });
    rohan = await addPatient(admin, { name: 'Rohan Deshpande', phone: '+919812300001' });
    sunita = await addPatient(admin, { name: 'Sunita Pawar', phone: '+919812300002' });
    // day1: Meera 09:00 Rohan (token 1), 09:15 Sunita (2); Arjun 10:00 Rohan (1). day2: Meera 09:30 Sunita (1).
    await book(meera.id, rohan.id, day1, '09:00');
    cancelledId = (await book(meera.id, sunita.id, day1, '09:15')).id;
    await book(arjun.id, rohan.id, day1, '10:00');
    await book(meera.id, sunita.id, day2, '09:30');
    await admin.post(`/api/appointments/${cancelledId}/actions/cancel`, { reason: 'Unwell' });
  });

  it('lists by date, then time, then token, with doctor and patient names and the token label', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(page.data.map((a) => [a.date, a.startTime, a.doctorName, a.patientName, a.tokenLabel])).toEqual([
      [day1, '09:00', 'Dr. Meera Joshi', 'Rohan Deshpande', 'MJ-001'],
      [day1, '09:15', 'Dr. Meera Joshi', 'Sunita Pawar', 'MJ-002'],
      [day1, '10:00', 'Dr. Arjun Nair', 'Rohan Deshpande', '001'],
      [day2, '09:30', 'Dr. Meera Joshi', 'Sunita Pawar', 'MJ-001'],
    ]);
    expect((await list('order=desc')).data[0]?.date).toBe(day2);
    expect((await list('sort=token&order=desc')).data[0]?.tokenNumber).toBe(2);
  });

  it('filters by date range, doctor, patient and statuses', async () => {
    expect((await list(`from=${day2}`)).total).toBe(1);
    expect((await list(`from=${day1}&to=${day1}`)).total).toBe(3);
    expect((await list(`doctorId=${arjun.id}`)).data.map((a) => a.startTime)).toEqual(['10:00']);
    expect((await list(`patientId=${sunita.id}`)).total).toBe(2);
    expect((await list('status=CANCELLED')).data.map((a) => a.id)).toEqual([cancelledId]);
    expect((await list('status=BOOKED,CANCELLED')).total).toBe(4);
    expect((await admin.get('/api/appointments?status=LOST')).statusCode).toBe(400);
  });

  it('searches by the start of a patient’s name, phone digits, or a token number', async () => {
    expect((await list('search=desh')).data.every((a) => a.patientName === 'Rohan Deshpande')).toBe(true);
    expect((await list('search=desh')).total).toBe(2);
    expect((await list('search=ROHAN')).total).toBe(2);
    expect((await list('search=eshpande')).total).toBe(0);
    expect((await list('search=98123 00002')).data.map((a) => a.patientName)).toEqual(['Sunita Pawar', 'Sunita Pawar']);
    expect((await list('search=2')).data.map((a) => a.tokenLabel)).toEqual(['MJ-002']);
    expect((await list('search=MJ-001')).total).toBe(2);
    expect((await list('search=001')).total).toBe(3);
  });

  it('pages without overlap', async () => {
    const first = await list('pageSize=3');
    const second = await list('pageSize=3&page=2');
    expect(first.data).toHaveLength(3);
    expect(second).toMatchObject({ total: 4, page: 2 });
    expect(second.data).toHaveLength(1);
    expect(first.data.map((a) => a.id)).not.toContain(second.data[0]?.id);
  });

  // Last: it adds a visit the counts above do not expect.
  it("answers the list's columns only: no reason, notes, fee or patient record; the one record has them", async () => {
    const private_ = await addPatient(admin, { name: 'Private Prakash', phone: '+919812300009' });
    const response = await admin.post('/api/appointments', {
      doctorId: arjun.id,
      patientId: private_.id,
      date: day2,
      startTime: '11:00',
      reason: 'Chest pain',
      notes: 'HIV+ on ART',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = await list('pageSize=200&search=prakash');
    expect(data).toHaveLength(1);
    expect(Object.keys(data[0]!).sort()).toEqual(Object.keys(appointmentSummarySchema.shape).sort());
    expect(data[0]).toEqual({
      id: response.json<Appointment>().id,
      tokenNumber: 1,
      tokenLabel: '001',
      date: day2,
      startTime: '11:00',
      endTime: '11:15',
      patientId: private_.id,
      patientName: 'Private Prakash',
      patientPhone: '+919812300009',
      status: 'BOOKED',
      awaitingConfirmation: false,
      overbooked: false,
      doctorId: arjun.id,
      doctorName: 'Dr. Arjun Nair',
      specialization: 'Orthopaedics',
    });
    const text = JSON.stringify(await list('pageSize=200'));
    for (const field of ['notes', 'reason', 'cancelReason', 'feePaise', 'dateOfBirth', 'address']) expect(text).not.toContain(`"${field}"`);
    expect(text).not.toContain('HIV+');
    expect(text).not.toContain('Chest pain');
    // The drawer's single read still has all of it, and is audited as a read of that visit.
    const record = (await admin.get(`/api/appointments/${data[0]!.id}`)).json<Appointment>();
    expect(record).toMatchObject({ notes: 'HIV+ on ART', reason: 'Chest pain' });
    const reads = (await auditEntriesOf(t.database.db, organisationId)).filter((entry) => entry.entityId === record.id && entry.action === 'read');
    expect(reads.map((entry) => [entry.entity, entry.route])).toEqual([['appointments', 'GET /api/appointments/:id']]);
  });
});
