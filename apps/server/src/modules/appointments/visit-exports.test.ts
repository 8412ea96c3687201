import type { Appointment, Booking, ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, daysFromToday, staffClients, type ApiClient } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

/** The CSV's rows as cells (the test's values hold no commas or quotes), without the BOM. */
function rowsOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

/** One column of the CSV's rows, by its header. */
function column(rows: string[][], header: string): string[] {
  const index = rows[0]!.indexOf(header);
  expect(index, `no column ${header}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[index]!);
}

/**
 * GET /api/appointments/export.csv and /api/bookings/export.csv: every visit the list's filters
 * match (not a page), in the list's order, as the other lists' exports are; audited as an export
 * of patient data; another organisation's visits never in it.
 */
describe.each(drivers)('appointment and booking exports (%s)', (driver) => {
  const t = useTestApp(driver);
  let organisationId: string;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;
  const day1 = daysFromToday(3);
  const day2 = daysFromToday(4);
  let meera: { id: string };
  let arjun: { id: string };
  let mri: { id: string };
  let bloodCount: { id: string };
  let cancelled: Appointment;

  const book = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/appointments', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Appointment>();
  };
  const bookScan = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/bookings', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Booking>();
  };
  const csv = async (client: ApiClient, url: string) => {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return { response, rows: rowsOf(response.body) };
  };

  beforeAll(async () => {
    const organisation = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    organisationId = organisation.id;
    ({ admin, worker } = await staffClients(t.app, organisation));
    meera = await addDoctor(admin, { name: 'Dr. Meera Joshi', specialization: 'Cardiology', tokenPrefix: 'MJ', consultationFeePaise: 80_000 });
    arjun = await addDoctor(admin, { name: 'Dr. Arjun Nair', specialization: 'Orthopaedics' });
    mri = await addScan(admin, { name: 'MRI Brain', category: 'MRI', tokenPrefix: 'M', pricePaise: 650_000 });
    bloodCount = await addScan(admin, { kind: 'TEST', name: 'Blood count', category: 'Pathology' });
    const rohan = await addPatient(admin, { name: 'Rohan Deshpande', phone: '+919812300001' });
    const sunita = await addPatient(admin, { name: 'Sunita Pawar', phone: '+919812300002' });
    await book({ doctorId: meera.id, patientId: rohan.id, date: day1, startTime: '09:00', reason: 'Chest pain' });
    cancelled = await book({ doctorId: meera.id, patientId: sunita.id, date: day1, startTime: '09:15' });
    await book({ doctorId: arjun.id, patientId: rohan.id, date: day1, startTime: '10:00' });
    await book({ doctorId: meera.id, patientId: sunita.id, date: day2, startTime: '09:30' });
    expect((await admin.post(`/api/appointments/${cancelled.id}/actions/cancel`, { reason: 'Unwell' })).statusCode).toBe(200);
    await bookScan({ serviceId: mri.id, patientId: rohan.id, date: day1, startTime: '09:00', reason: 'Headache' });
    await bookScan({ serviceId: bloodCount.id, patientId: sunita.id, date: day1, startTime: '09:30' });
    await bookScan({ serviceId: mri.id, patientId: sunita.id, date: day2, startTime: '10:00' });

    // Another organisation's visits on the same days, with a name the exports must never carry.
    const other = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin: outsider } = await staffClients(t.app, other));
    const theirs = await addPatient(outsider, { name: 'Zainab Outsider', phone: '+919812300003' });
    const theirDoctor = await addDoctor(outsider, { name: 'Dr. Other Clinic' });
    const theirScan = await addScan(outsider, { name: 'Other MRI' });
    expect((await outsider.post('/api/appointments', { doctorId: theirDoctor.id, patientId: theirs.id, date: day1, startTime: '09:00' })).statusCode).toBe(201);
    expect((await outsider.post('/api/bookings', { serviceId: theirScan.id, patientId: theirs.id, date: day1, startTime: '09:00' })).statusCode).toBe(201);
  });

  it("downloads every appointment of the list's dates as a dated CSV, in the list's order, with the desk's columns", async () => {
    const { response, rows } = await csv(worker, `/api/appointments/export.csv?from=${day1}&to=${day2}`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="appointments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(rows[0]).toEqual([
      'Date',
      'Time',
      'Token',
      'Patient',
      'UHID',
      'Phone',
      'Doctor',
      'Specialization',
      'Status',
      'Awaiting confirmation',
      'Payment',
      'Fee (₹)',
      'Source',
      'Reason',
      'Cancel reason',
      'Booked at',
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 4))).toEqual([
      [day1, '09:00', 'MJ-001', 'Rohan Deshpande'],
      [day1, '09:15', 'MJ-002', 'Sunita Pawar'],
      [day1, '10:00', '001', 'Rohan Deshpande'],
      [day2, '09:30', 'MJ-001', 'Sunita Pawar'],
    ]);
    // The phone keeps lib/csv.ts's formula guard: a leading + would make it a formula.
    expect(rows[1]).toEqual(expect.arrayContaining(["'+919812300001", 'Dr. Meera Joshi', 'Cardiology', 'Booked', 'No', 'Unpaid', '800.00', 'Desk', 'Chest pain']));
    expect(column(rows, 'UHID').every((uhid) => uhid.length > 0)).toBe(true);
    expect(column(rows, 'Status')).toEqual(['Booked', 'Cancelled', 'Booked', 'Booked']);
    expect(column(rows, 'Cancel reason')).toEqual(['', 'Unwell', '', '']);
    expect(response.body).not.toContain('Zainab');
    expect(response.body).not.toContain('Dr. Other Clinic');
  });

  it("applies the list's filters and sort, and ignores its paging: every match, not a page", async () => {
    const doctorOnly = await csv(admin, `/api/appointments/export.csv?from=${day1}&to=${day2}&doctorId=${arjun.id}`);
    expect(column(doctorOnly.rows, 'Doctor')).toEqual(['Dr. Arjun Nair']);
    const booked = await csv(admin, `/api/appointments/export.csv?from=${day1}&to=${day2}&status=BOOKED&sort=date&order=desc&page=2&pageSize=1`);
    expect(column(booked.rows, 'Date')).toEqual([day2, day1, day1]);
    expect(column(booked.rows, 'Time')).toEqual(['09:30', '10:00', '09:00']);
    const searched = await csv(admin, `/api/appointments/export.csv?from=${day1}&to=${day2}&search=sunita`);
    expect(column(searched.rows, 'Patient')).toEqual(['Sunita Pawar', 'Sunita Pawar']);
    const byPhone = await csv(admin, `/api/appointments/export.csv?from=${day1}&to=${day1}&search=98123 00001`);
    expect(column(byPhone.rows, 'Token')).toEqual(['MJ-001', '001']);
    // Nothing matches: the header alone.
    const none = await csv(admin, `/api/appointments/export.csv?from=${day1}&to=${day2}&status=NO_SHOW`);
    expect(none.rows).toHaveLength(1);
  });

  it("exports bookings by service, kind and status, with the scan or test's columns", async () => {
    const { response, rows } = await csv(worker, `/api/bookings/export.csv?from=${day1}&to=${day2}`);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rows[0]!.slice(6, 9)).toEqual(['Scan or test', 'Kind', 'Category']);
    expect(rows[0]).toContain('Price (₹)');
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[6], row[7]])).toEqual([
      [day1, '09:00', 'M-001', 'Rohan Deshpande', 'MRI Brain', 'Scan'],
      [day1, '09:30', '001', 'Sunita Pawar', 'Blood count', 'Test'],
      [day2, '10:00', 'M-001', 'Sunita Pawar', 'MRI Brain', 'Scan'],
    ]);
    expect(column(rows, 'Price (₹)')[0]).toBe('6500.00');
    expect(column(rows, 'Reason')[0]).toBe('Headache');
    expect(response.body).not.toContain('Zainab');
    expect(column((await csv(admin, `/api/bookings/export.csv?from=${day1}&to=${day2}&serviceId=${bloodCount.id}`)).rows, 'Scan or test')).toEqual(['Blood count']);
    expect(column((await csv(admin, `/api/bookings/export.csv?from=${day1}&to=${day2}&kind=SCAN&pageSize=1`)).rows, 'Date')).toEqual([day1, day2]);
    expect((await csv(admin, `/api/bookings/export.csv?from=${day1}&to=${day2}&status=CANCELLED`)).rows).toHaveLength(1);
  });

  it("answers another organisation's staff with their own visits only", async () => {
    const theirs = await csv(outsider, `/api/appointments/export.csv?from=${day1}&to=${day2}`);
    expect(column(theirs.rows, 'Patient')).toEqual(['Zainab Outsider']);
    // Filtering by this organisation's doctor or scan finds nothing of it.
    expect((await csv(outsider, `/api/appointments/export.csv?from=${day1}&to=${day2}&doctorId=${meera.id}`)).rows).toHaveLength(1);
    expect((await csv(outsider, `/api/bookings/export.csv?from=${day1}&to=${day2}&serviceId=${mri.id}`)).rows).toHaveLength(1);
  });

  it('refuses a bad filter with 400 naming the field, before any CSV starts', async () => {
    const cases: [string, string][] = [
      ['/api/appointments/export.csv?status=LOST', 'status.0'],
      ['/api/appointments/export.csv?from=2026-13-45', 'from'],
      ['/api/appointments/export.csv?doctorId=not-a-uuid', 'doctorId'],
      ['/api/appointments/export.csv?sort=patientName', 'sort'],
      ['/api/bookings/export.csv?kind=OTHER-THING', 'kind'],
      ['/api/bookings/export.csv?status=BOOKED,DONE', 'status.1'],
    ];
    for (const [url, field] of cases) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual([field]);
    }
  });

  it('records each export in the audit trail with its filters, never the search term', async () => {
    await csv(worker, `/api/appointments/export.csv?from=${day1}&to=${day1}&doctorId=${meera.id}&search=rohan`);
    await csv(worker, `/api/bookings/export.csv?from=${day2}&to=${day2}&kind=SCAN`);
    const entries = (await auditEntriesOf(t.database.db, organisationId)).filter((entry) => entry.action === 'export');
    const appointmentsExport = entries.findLast((entry) => entry.entity === 'appointments' && entry.details?.includes('"search"'));
    expect(appointmentsExport).toMatchObject({ route: 'GET /api/appointments/export.csv', statusCode: 200, entityId: null });
    expect(JSON.parse(appointmentsExport!.details!)).toMatchObject({ filters: { doctorId: meera.id, from: day1, to: day1 }, search: 'name' });
    expect(appointmentsExport!.details).not.toContain('rohan');
    const bookingsExport = entries.findLast((entry) => entry.entity === 'bookings');
    expect(bookingsExport).toMatchObject({ route: 'GET /api/bookings/export.csv', statusCode: 200 });
    expect(JSON.parse(bookingsExport!.details!).filters).toMatchObject({ from: day2, to: day2, kind: 'SCAN' });
  });
});
