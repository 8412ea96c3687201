import { bookingSchema, type Booking, type ErrorBody, type Service, type ServiceInput } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingHistory } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { pinClockAt } from '../../test/clock.js';
import { bothDrivers, drivers } from '../../test/database.js';
import { addPatient, addScan, createOrganisation, daysFromToday, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { addPackage, addTest, completeBooking, uploadReport } from './test-support.js';

/** A test centre with three tests and a health check holding them; uploads go through the real route. */
function packageFixture(driver: (typeof drivers)[number]) {
  // Early on India's today, so today's slots are ahead and a visit of today can be served.
  pinClockAt({ label: '07:00 IST', time: '07:00' });
  const t = useTestApp(driver);
  const state = {} as { centre: OrganisationFixture; admin: ApiClient; worker: ApiClient };
  beforeAll(async () => {
    state.centre = await createOrganisation(t.database.db, { type: 'SCAN' });
    ({ admin: state.admin, worker: state.worker } = await staffClients(t.app, state.centre));
  });
  const book = async (serviceId: string, date: string, startTime = '09:00') => {
    const patient = await addPatient(state.worker);
    const response = await state.worker.post('/api/bookings', { serviceId, patientId: patient.id, date, startTime });
    expect(response.statusCode, response.body).toBe(201);
    return bookingSchema.parse(response.json()) as Booking;
  };
  const act = (bookingId: string, action: string) => state.worker.post(`/api/bookings/${bookingId}/actions/${action}`, {});
  const reportLines = async (bookingId: string) =>
    t.database.db
      .select({ note: bookingHistory.note })
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.action, 'report')));
  return {
    t,
    state,
    addTest: (name: string, overrides: Partial<ServiceInput> = {}) => addTest(state.admin, name, overrides),
    addPackage: (testIds: string[]) => addPackage(state.admin, testIds),
    book,
    uploadPdf: (name?: string) => uploadReport(state.admin, name),
    act,
    reportLines,
  };
}

describe.each(drivers)('packages: several tests in one booking (%s)', (driver) => {
  const { t, state, addTest, addPackage, book, uploadPdf, act, reportLines } = packageFixture(driver);

  it('a package lists its tests in order; bad items are refused by field and change nothing', async () => {
    const [cbc, lipid, sugar] = [await addTest('CBC'), await addTest('Lipid profile'), await addTest('Fasting sugar')];
    const pack = await addPackage([lipid.id, cbc.id, sugar.id]);
    expect(pack.packageItems.map((item) => item.name)).toEqual(['Lipid profile', 'CBC', 'Fasting sugar']);
    expect((await state.admin.get(`/api/services/${pack.id}`)).json<Service>().packageItems).toEqual(pack.packageItems);
    const listed = (await state.admin.get('/api/services?search=health&pageSize=50')).json<{ data: Service[] }>().data.find((service) => service.id === pack.id);
    expect(listed?.packageItems).toHaveLength(3);

    const outsider = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' }));
    const foreign = await addScan(outsider.admin, { kind: 'TEST', name: 'Thyroid' });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ packageItemIds: [foreign.id] }, 400, 'Choose scans and tests of this organisation'],
      [{ packageItemIds: [pack.id] }, 400, 'A package cannot hold itself'],
      [{ packageItemIds: [cbc.id, cbc.id] }, 400, 'A test is in the package twice'],
    ];
    for (const [body, status, message] of refusals) {
      const response = await state.admin.patch(`/api/services/${pack.id}`, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'packageItemIds', message })]);
    }
    // One level only: a package is not an item, and an item does not become a package.
    const other = await addTest('Urine routine');
    const nested = await state.admin.patch(`/api/services/${other.id}`, { packageItemIds: [pack.id] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json<ErrorBody>().issues?.[0]?.message).toContain('is a package');
    const holder = await state.admin.patch(`/api/services/${cbc.id}`, { packageItemIds: [other.id] });
    expect(holder.statusCode).toBe(409);
    expect(holder.json<ErrorBody>().issues?.[0]).toMatchObject({ path: 'packageItemIds' });
    const consult = await state.admin.post('/api/services', { kind: 'OTHER', name: 'Consult', pricePaise: 100, packageItemIds: [cbc.id] });
    expect([400, 403]).toContain(consult.statusCode);
    expect((await state.admin.get(`/api/services/${pack.id}`)).json<Service>().packageItems.map((item) => item.name)).toEqual(['Lipid profile', 'CBC', 'Fasting sugar']);

    // A test never booked may be deleted: it leaves the package. One booked inside a package is kept.
    expect((await state.admin.delete(`/api/services/${sugar.id}`)).statusCode).toBe(204);
    expect((await state.admin.get(`/api/services/${pack.id}`)).json<Service>().packageItems.map((item) => item.name)).toEqual(['Lipid profile', 'CBC']);
    await book(pack.id, daysFromToday(3));
    expect((await state.admin.delete(`/api/services/${cbc.id}`)).statusCode).toBe(409);
    const cleared = await state.admin.patch(`/api/services/${pack.id}`, { packageItemIds: [] });
    expect(cleared.json<Service>().packageItems).toEqual([]);
  });

  it('books a package as one visit with one token, its active tests copied in order; a single test has none', async () => {
    const [a, b, inactive] = [await addTest('HbA1c'), await addTest('Creatinine'), await addTest('Vitamin D', { active: false })];
    const pack = await addPackage([b.id, inactive.id, a.id]);
    const date = upcoming(3);
    const booked = await book(pack.id, date);
    expect(booked.tokenNumber).toBe(1);
    expect(booked.pricePaise).toBe(150_000);
    expect(booked.tests.map(({ name, status, report }) => ({ name, status, report }))).toEqual([
      { name: 'Creatinine', status: 'PENDING', report: null },
      { name: 'HbA1c', status: 'PENDING', report: null },
    ]);
    const read = (await state.worker.get(`/api/bookings/${booked.id}`)).json<Booking>();
    expect(read.tests).toEqual(booked.tests);
    // The package changed later: the booking keeps what it was sold with.
    await state.admin.patch(`/api/services/${pack.id}`, { packageItemIds: [a.id] });
    expect((await state.worker.get(`/api/bookings/${booked.id}`)).json<Booking>().tests).toHaveLength(2);
    expect((await book(a.id, date)).tests).toEqual([]);
  });

  it('each test is done or skipped while served, completing marks the rest done, and the last report makes it REPORT_READY once', async () => {
    const tests = [await addTest('TSH'), await addTest('T3'), await addTest('T4')];
    const pack = await addPackage(tests.map((test) => test.id));
    const booking = await book(pack.id, daysFromToday(0), '11:30');
    const [tsh, t3, t4] = booking.tests as [Booking['tests'][number], Booking['tests'][number], Booking['tests'][number]];
    const testAct = (testId: string, action: string, body: Record<string, unknown> = {}) =>
      state.worker.post(`/api/bookings/${booking.id}/tests/${testId}/actions/${action}`, body);

    expect((await testAct(tsh.id, 'done')).statusCode).toBe(409);
    expect((await act(booking.id, 'check-in')).statusCode).toBe(200);
    expect((await act(booking.id, 'start')).statusCode).toBe(200);
    const done = await testAct(tsh.id, 'done');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Booking>().tests[0]).toMatchObject({ status: 'DONE', doneAt: expect.any(String) });
    expect((await testAct(tsh.id, 'done')).statusCode).toBe(409);
    const noReason = await testAct(t3.id, 'skip');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'reason' })]);
    expect((await testAct(t3.id, 'skip', { reason: 'Sample haemolysed' })).json<Booking>().tests[1]).toMatchObject({ status: 'SKIPPED', skipReason: 'Sample haemolysed' });

    const completed = (await act(booking.id, 'complete')).json<Booking>();
    expect(completed.tests.map((test) => test.status)).toEqual(['DONE', 'SKIPPED', 'DONE']);

    const whole = await state.admin.post(`/api/bookings/${booking.id}/report`, { uploadId: await uploadPdf() });
    expect(whole.statusCode).toBe(409);
    expect(whole.json<ErrorBody>().message).toBe('This booking holds 3 tests: attach each test’s report');
    expect((await state.admin.post(`/api/bookings/${booking.id}/tests/${t3.id}/report`, { uploadId: await uploadPdf() })).statusCode).toBe(409);

    const first = await state.admin.post(`/api/bookings/${booking.id}/tests/${tsh.id}/report`, { uploadId: await uploadPdf('tsh.pdf') });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Booking>()).toMatchObject({ status: 'COMPLETED', report: null });
    expect(first.json<Booking>().tests[0]).toMatchObject({ status: 'REPORT_READY', report: { name: 'tsh.pdf' } });
    // Skipping the last test still waiting is refused: the booking is cancelled instead.
    expect((await testAct(t4.id, 'skip', { reason: 'x' })).statusCode).toBe(200);
    const last = (await state.worker.get(`/api/bookings/${booking.id}`)).json<Booking>();
    expect(last.status).toBe('REPORT_READY');
    expect(last.history?.map((line) => line.action)).toEqual(expect.arrayContaining(['created', 'test-done', 'test-skipped', 'complete', 'test-report', 'report']));
    expect(await reportLines(booking.id)).toEqual([{ note: 'Every test’s report is in' }]);
    // A corrected report replaces one; the booking was told ready once.
    const replaced = await state.admin.post(`/api/bookings/${booking.id}/tests/${tsh.id}/report`, { uploadId: await uploadPdf('tsh-corrected.pdf') });
    expect(replaced.json<Booking>().tests[0]?.report?.name).toBe('tsh-corrected.pdf');
    expect(await reportLines(booking.id)).toHaveLength(1);
  });

  it('never skips the last test left, and unknown or foreign tests are not found', async () => {
    const tests = [await addTest('ESR'), await addTest('CRP')];
    const pack = await addPackage(tests.map((test) => test.id));
    const booking = await book(pack.id, daysFromToday(0), '10:30');
    await act(booking.id, 'check-in');
    await act(booking.id, 'start');
    const [esr, crp] = booking.tests as [Booking['tests'][number], Booking['tests'][number]];
    expect((await state.worker.post(`/api/bookings/${booking.id}/tests/${esr.id}/actions/skip`, { reason: 'No sample' })).statusCode).toBe(200);
    const lastOne = await state.worker.post(`/api/bookings/${booking.id}/tests/${crp.id}/actions/skip`, { reason: 'No sample' });
    expect(lastOne.statusCode).toBe(409);
    expect(lastOne.json<ErrorBody>().message).toBe('Every other test is skipped: cancel the booking instead');

    const other = await book(pack.id, daysFromToday(0), '11:00');
    expect((await state.worker.post(`/api/bookings/${other.id}/tests/${crp.id}/actions/done`, {})).statusCode).toBe(404);
    const outsider = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' }));
    const foreign = await outsider.admin.post(`/api/bookings/${booking.id}/tests/${crp.id}/actions/done`, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('CRP');
  });

  it('a move to another scan or test takes its tests; a move within the package keeps them', async () => {
    const [x, y, z] = [await addTest('Iron'), await addTest('Ferritin'), await addTest('B12')];
    const anaemia = await addPackage([x.id, y.id]);
    const vitamins = await addPackage([z.id]);
    const booking = await book(anaemia.id, upcoming(4), '08:00');
    const sameService = await state.worker.post(`/api/bookings/${booking.id}/reschedule`, { date: booking.date, startTime: '08:30' });
    expect(sameService.json<Booking>().tests.map((test) => test.id)).toEqual(booking.tests.map((test) => test.id));
    const moved = await state.worker.post(`/api/bookings/${booking.id}/reschedule`, { serviceId: vitamins.id, date: booking.date, startTime: '09:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Booking>().tests.map((test) => test.name)).toEqual(['B12']);
    const single = await state.worker.post(`/api/bookings/${booking.id}/reschedule`, { serviceId: x.id, date: booking.date, startTime: '09:00' });
    expect(single.json<Booking>().tests).toEqual([]);
  });
});

describe.each(bothDrivers)('a package’s reports under concurrency (%s)', (driver) => {
  const { state, addTest, addPackage, book, uploadPdf, reportLines } = packageFixture(driver);

  it('the last two reports arriving together make the booking REPORT_READY once', async () => {
    const tests = [await addTest('Sodium'), await addTest('Potassium')];
    const pack = await addPackage(tests.map((test) => test.id));
    const booking = await book(pack.id, daysFromToday(0), '11:00');
    await completeBooking(state.worker, booking.id);
    const uploads = [await uploadPdf(), await uploadPdf()];
    const replies = await Promise.all(booking.tests.map((test, index) => state.admin.post(`/api/bookings/${booking.id}/tests/${test.id}/report`, { uploadId: uploads[index] })));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect((await state.admin.get(`/api/bookings/${booking.id}`)).json<Booking>().status).toBe('REPORT_READY');
    expect(await reportLines(booking.id)).toHaveLength(1);
  });
});
