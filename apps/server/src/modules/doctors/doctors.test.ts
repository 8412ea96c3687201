import { doctorSchema, type Doctor, type ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addFacility, createOrganisation, doctorInput, staffClients, uniqueEmail, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('doctors: records and rules (%s)', (driver) => {
  const t = useTestApp(driver);
  let hospital: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    hospital = await createOrganisation(t.database.db);
    ({ admin, worker } = await staffClients(t.app, hospital));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db)));
  });

  const create = async (client: ApiClient, overrides: Parameters<typeof doctorInput>[0] = {}) => {
    const response = await client.post('/api/doctors', doctorInput(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return doctorSchema.parse(response.json()) as Doctor;
  };

  it('adds a doctor, reads them back, changes and deletes them', async () => {
    const created = await create(worker, { name: 'Dr. Meera Joshi', leaveDates: ['2026-12-01'] });
    expect(created).toMatchObject({
      name: 'Dr. Meera Joshi',
      specialization: 'Cardiology',
      consultationFeePaise: 80_000,
      slotMinutes: 15,
      patientsPerSlot: 1,
      active: true,
      leaveDates: ['2026-12-01'],
      facilityName: hospital.name,
    });
    // A single-facility organisation never picks: its facility is set automatically.
    expect(created.facilityId).not.toBeNull();

    expect((await worker.get(`/api/doctors/${created.id}`)).json()).toEqual(created);

    const patched = await worker.patch(`/api/doctors/${created.id}`, { consultationFeePaise: 100_000, active: false });
    expect(patched.statusCode).toBe(200);
    const updated = patched.json<Doctor>();
    expect(updated).toMatchObject({ consultationFeePaise: 100_000, active: false, name: 'Dr. Meera Joshi', slotMinutes: 15 });
    expect(updated.availability).toEqual(created.availability);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    expect((await worker.delete(`/api/doctors/${created.id}`)).statusCode).toBe(204);
    expect((await worker.get(`/api/doctors/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps the room patients are sent to: trimmed, listed, changed, cleared with null, at most 60 characters', async () => {
    const created = await create(worker, { name: 'Dr. Room Keeper', room: '  Room 12, 2nd floor ' });
    expect(created.room).toBe('Room 12, 2nd floor');
    expect((await worker.get(`/api/doctors/${created.id}`)).json()).toMatchObject({ room: 'Room 12, 2nd floor' });
    const listed = (await worker.get('/api/doctors?search=room%20keeper')).json<{ data: Doctor[] }>().data;
    expect(listed.map((doctor) => doctor.room)).toEqual(['Room 12, 2nd floor']);

    expect((await worker.patch(`/api/doctors/${created.id}`, { room: 'OPD 3' })).json()).toMatchObject({ room: 'OPD 3' });
    // A PATCH without the room leaves it alone; null clears it.
    expect((await worker.patch(`/api/doctors/${created.id}`, { slotMinutes: 20 })).json()).toMatchObject({ room: 'OPD 3', slotMinutes: 20 });
    expect((await worker.patch(`/api/doctors/${created.id}`, { room: null })).json()).toMatchObject({ room: null });
    expect((await create(worker)).room).toBeNull();

    for (const response of [await worker.post('/api/doctors', doctorInput({ room: 'x'.repeat(61) })), await worker.patch(`/api/doctors/${created.id}`, { room: 'x'.repeat(61) })]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().issues).toEqual([{ path: 'room', message: 'Use at most 60 characters for the room' }]);
    }
    expect((await worker.patch(`/api/doctors/${created.id}`, { room: 'x'.repeat(60) })).json()).toMatchObject({ room: 'x'.repeat(60) });
  });

  it('treats an empty PATCH as a no-op and drops unknown fields', async () => {
    const created = await create(admin, { slotMinutes: 20, patientsPerSlot: 3 });
    const response = await admin.patch(`/api/doctors/${created.id}`, { organisationId: '00000000-0000-0000-0000-000000000000', nameKey: 'x' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slotMinutes: 20, patientsPerSlot: 3, availability: created.availability, active: true });
    expect((await admin.get(`/api/doctors/${created.id}`)).statusCode).toBe(200);
  });

  it('names each bad field, including the schedule window that overlaps or ends before it starts', async () => {
    const response = await admin.post('/api/doctors', {
      ...doctorInput(),
      name: '',
      consultationFeePaise: -5,
      email: 'not-an-email',
      availability: [
        { weekday: 2, start: '09:00', end: '13:00' },
        { weekday: 2, start: '12:00', end: '14:00' },
        { weekday: 3, start: '18:00', end: '17:00' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json<ErrorBody>().issues!.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'consultationFeePaise', 'email', 'availability.1.start', 'availability.2.end']));
  });

  it('answers 409 naming the field for a second doctor with the same e-mail or phone', async () => {
    const email = uniqueEmail('dup');
    const phone = uniquePhone();
    const first = await create(admin, { email, phone });
    const sameEmail = await admin.post('/api/doctors', doctorInput({ email: email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'email' })]);
    const samePhone = await admin.post('/api/doctors', doctorInput({ phone: phone.replace('+91', '0') }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'phone' })]);
    const other = await create(admin);
    expect((await admin.patch(`/api/doctors/${other.id}`, { email })).statusCode).toBe(409);
    // Another organisation may have a doctor with the same contact details.
    expect((await outsider.post('/api/doctors', doctorInput({ email, phone }))).statusCode).toBe(201);
    expect((await admin.get(`/api/doctors/${first.id}`)).json()).toMatchObject({ email, phone });
  });

  it("never shows another organisation's doctor: 404 on read, change and delete, absent from lists", async () => {
    const theirs = await create(outsider, { name: 'Dr. Hidden Outsider' });
    const unknown = await admin.get('/api/doctors/00000000-0000-4000-8000-000000000000');
    for (const response of [
      await admin.get(`/api/doctors/${theirs.id}`),
      await admin.patch(`/api/doctors/${theirs.id}`, { name: 'Taken Over' }),
      await admin.delete(`/api/doctors/${theirs.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    const list = (await admin.get('/api/doctors?search=hidden&pageSize=200')).json<{ data: Doctor[] }>();
    expect(list.data).toEqual([]);
    expect((await admin.get('/api/doctors/export.csv')).body).not.toContain('Hidden Outsider');
    expect((await outsider.get(`/api/doctors/${theirs.id}`)).json()).toMatchObject({ name: 'Dr. Hidden Outsider' });
  });

  it("rejects another organisation's facility with 400 naming facilityId", async () => {
    const elsewhere = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const foreign = await addFacility(t.database.db, elsewhere.id);
    const response = await admin.post('/api/doctors', doctorInput({ facilityId: foreign.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'facilityId' })]);
  });

  it('opens to the accounts whose menu shows Doctors, and no others', async () => {
    const scan = await createOrganisation(t.database.db, { type: 'SCAN' });
    const scanStaff = await staffClients(t.app, scan);
    for (const client of [scanStaff.admin, scanStaff.worker]) {
      expect((await client.get('/api/doctors')).statusCode).toBe(403);
      expect((await client.post('/api/doctors', doctorInput())).statusCode).toBe(403);
    }
    const multi = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' }));
    expect((await multi.worker.get('/api/doctors')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/doctors' })).statusCode).toBe(401);
  });
});
