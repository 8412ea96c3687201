import { randomUUID } from 'node:crypto';
import { serviceSchema, type Service, type ServiceInput } from '@caredesk/shared';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { indiaDate, todayInIndiaAt } from '../../test/clock.js';
import { addScan, type ApiClient, type OrganisationFixture, type StaffFixture } from '../../test/fixtures.js';
import { sampleFiles, uploadForm } from '../../test/sample-files.js';
import { bookingKind, bookVisit } from '../visits/index.js';

/** A test (kind TEST, pathology) a package can hold, or that is booked alone. */
export function addTest(staff: ApiClient, name: string, overrides: Partial<ServiceInput> = {}): Promise<{ id: string; name: string }> {
  return addScan(staff, { kind: 'TEST', name, category: 'Pathology', pricePaise: 30_000, ...overrides });
}

/** A health check holding these tests, in this order: one booking, one token, a report per test. */
export async function addPackage(staff: ApiClient, testIds: string[], overrides: Partial<ServiceInput> = {}): Promise<Service> {
  const response = await staff.post('/api/services', {
    kind: 'TEST',
    name: `Health check ${randomUUID().slice(0, 6)}`,
    category: 'Health Package',
    pricePaise: 150_000,
    durationMinutes: 30,
    availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '07:00', end: '12:00' })),
    packageItemIds: testIds,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return serviceSchema.parse(response.json());
}

/**
 * Today's booking of a scan, test or package, booked as at India's midnight: a booking moves along
 * its graph only on its day, and the slot is ahead of that whatever the test's clock says.
 */
export function bookToday(db: Db, centre: OrganisationFixture, booking: { serviceId: string; patientId: string; startTime: string; by?: StaffFixture }): Promise<string> {
  const { by = centre.admin, ...visit } = booking;
  return bookVisit(db, bookingKind, { organisationId: centre.id, staffId: by.id }, { ...visit, date: indiaDate(), source: 'CONSOLE' }, { now: todayInIndiaAt('00:00') });
}

/** The desk checks the patient in, starts and completes the visit: what is left is its report. */
export async function completeBooking(desk: ApiClient, bookingId: string): Promise<void> {
  for (const action of ['check-in', 'start', 'complete']) expect((await desk.post(`/api/bookings/${bookingId}/actions/${action}`, {})).statusCode).toBe(200);
}

/** A report PDF uploaded privately, as the desk does before attaching it; answers the upload's id. */
export async function uploadReport(staff: ApiClient, name = 'report.pdf'): Promise<string> {
  const response = await staff.post('/api/admin/upload', uploadForm(sampleFiles.pdf, name, { visibility: 'private' }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The desk uploads a report and attaches it to the booking, or to one test of a package; answers the upload's id. */
export async function attachNewReport(desk: ApiClient, bookingId: string, options: { testId?: string; name?: string } = {}): Promise<string> {
  const uploadId = await uploadReport(desk, options.name);
  const url = options.testId ? `/api/bookings/${bookingId}/tests/${options.testId}/report` : `/api/bookings/${bookingId}/report`;
  const response = await desk.post(url, { uploadId });
  expect(response.statusCode, response.body).toBe(200);
  return uploadId;
}
