import { UPLOAD_LIMITS, type BookingTest, type BookingTestAction, type BookingTestActionBody, type BookingTestStatus } from '@caredesk/shared';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { bookings, bookingTests, services, uploads } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { bookingKind, lockVisit, recordHistory, visitTransaction, type VisitLifecycleEvent, type VisitSubscriber, type VisitWrite, type WriteOptions } from '../visits/index.js';

const PDF = UPLOAD_LIMITS.pdf.types[0];

/** A package booking's tests, in the package's order (none for a single scan or test). */
export async function bookingTestsOf(db: Db | Tx, bookingId: string): Promise<BookingTest[]> {
  const rows = await db
    .select({
      id: bookingTests.id,
      serviceId: bookingTests.serviceId,
      name: services.name,
      kind: services.kind,
      status: bookingTests.status,
      skipReason: bookingTests.skipReason,
      doneAt: bookingTests.doneAt,
      reportUploadId: bookingTests.reportUploadId,
      reportName: uploads.name,
      reportSize: uploads.size,
      reportReadyAt: bookingTests.reportReadyAt,
    })
    .from(bookingTests)
    .innerJoin(services, eq(services.id, bookingTests.serviceId))
    .leftJoin(uploads, eq(uploads.id, bookingTests.reportUploadId))
    .where(eq(bookingTests.bookingId, bookingId))
    .orderBy(asc(bookingTests.position));
  return rows.map(({ reportUploadId, reportName, reportSize, reportReadyAt, doneAt, ...test }) => ({
    ...test,
    doneAt: doneAt?.toISOString() ?? null,
    report:
      reportUploadId && reportName !== null && reportSize !== null && reportReadyAt
        ? { uploadId: reportUploadId, name: reportName, size: reportSize, uploadedAt: reportReadyAt.toISOString() }
        : null,
  }));
}

/** The tests a booking's 201 answers, from what its insert wrote (bookingKind.bookedParts). */
export function bookedTests(parts: unknown): BookingTest[] {
  return ((parts ?? []) as Pick<BookingTest, 'id' | 'serviceId' | 'name' | 'kind'>[]).map((test) => ({
    ...test,
    status: 'PENDING',
    skipReason: null,
    doneAt: null,
    report: null,
  }));
}

/**
 * The private PDF upload a report names, checked as the booking's own report is: the caller's
 * organisation only (another's is as unknown as a missing one), and a PDF (uploads keep every PDF
 * private, so it is only ever served through signed links).
 */
export async function reportUpload(tx: Tx, organisationId: string, uploadId: string): Promise<{ name: string }> {
  const [upload] = await tx
    .select({ name: uploads.name, mimeType: uploads.mimeType })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.organisationId, organisationId)));
  if (!upload) throw new BadRequestError('Upload not found', [{ path: 'uploadId', message: 'Upload not found' }]);
  if (upload.mimeType !== PDF) throw new BadRequestError('The report must be a PDF', [{ path: 'uploadId', message: 'The report must be a PDF' }]);
  return upload;
}

/** How many tests a booking holds: a package's booking takes its reports test by test. */
export async function testCountOf(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookingTests)
    .where(eq(bookingTests.bookingId, bookingId));
  return row?.n ?? 0;
}

type LockedBooking = Awaited<ReturnType<typeof lockVisit>>;

async function lockTest(tx: Tx, bookingId: string, testId: string) {
  const [row] = await tx
    .select({ id: bookingTests.id, status: bookingTests.status, name: services.name })
    .from(bookingTests)
    .innerJoin(services, eq(services.id, bookingTests.serviceId))
    .where(and(eq(bookingTests.id, testId), eq(bookingTests.bookingId, bookingId)))
    .for('update', { of: bookingTests });
  if (!row) throw new NotFoundError('Test not found');
  return row;
}

/** The booking changed: the desk's lists and queue, and the patient's app, refresh it. */
async function announceBooking(write: VisitWrite, organisationId: string, booking: LockedBooking, status: string): Promise<void> {
  await write.options.events?.publish(organisationId, bookingKind.updatedEvent(booking.id, booking.ownerId, booking.date, status, booking.patientId), write.tx);
}

/** 'The report is ready' in the visit's life: a single test's report, or a package's last one. */
export function reportReadyEvent(caller: StaffContext, booking: Pick<LockedBooking, 'id' | 'ownerId' | 'patientId' | 'date'>): VisitLifecycleEvent {
  return {
    type: 'report-ready',
    kind: 'booking',
    visitId: booking.id,
    organisationId: caller.organisationId,
    ownerId: booking.ownerId,
    patientId: booking.patientId,
    date: booking.date,
    actorStaffId: caller.id,
  };
}

/**
 * A COMPLETED package booking whose every test not skipped has its report is REPORT_READY: the
 * patient is told once, when the last report arrives, not once per test.
 */
async function settleReports(write: VisitWrite, caller: StaffContext, booking: LockedBooking): Promise<string> {
  const { tx } = write;
  if (booking.status !== 'COMPLETED') return booking.status;
  const waiting: BookingTestStatus[] = ['SKIPPED', 'REPORT_READY'];
  const [open] = await tx
    .select({ id: bookingTests.id })
    .from(bookingTests)
    .where(and(eq(bookingTests.bookingId, booking.id), notInArray(bookingTests.status, waiting)))
    .limit(1);
  if (open) return booking.status;
  const now = new Date();
  await tx.update(bookings).set({ status: 'REPORT_READY', reportReadyAt: now, updatedAt: now }).where(eq(bookings.id, booking.id));
  await recordHistory(tx, bookingKind, {
    visitId: booking.id,
    organisationId: caller.organisationId,
    byStaffId: caller.id,
    action: 'report',
    fromStatus: booking.status,
    toStatus: 'REPORT_READY',
    note: 'Every test’s report is in',
  });
  await write.emit(reportReadyEvent(caller, booking));
  return 'REPORT_READY';
}

/**
 * Marks one test of a package done (while the patient is served) or skipped with its reason
 * (while served, or after, when a sample proves unusable). A test is never skipped when it is the
 * last one left: that booking is cancelled instead.
 */
export async function actOnBookingTest(
  db: Db,
  caller: StaffContext,
  bookingId: string,
  testId: string,
  action: BookingTestAction,
  body: BookingTestActionBody,
  options: WriteOptions = {},
): Promise<void> {
  const reason = body.reason?.trim();
  if (action === 'skip' && !reason) throw new BadRequestError('Give the reason the test is skipped', [{ path: 'reason', message: 'Give the reason the test is skipped' }]);
  await visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const booking = await lockVisit(tx, bookingKind, caller.organisationId, bookingId);
    const test = await lockTest(tx, bookingId, testId);
    const now = new Date();
    if (action === 'done') {
      if (booking.status !== 'IN_PROGRESS') throw new ConflictError(`Cannot mark ${test.name} done: the booking is ${booking.status} (start it first)`);
      if (test.status !== 'PENDING') throw new ConflictError(`${test.name} is already ${test.status}`);
      await tx.update(bookingTests).set({ status: 'DONE', doneAt: now, updatedAt: now }).where(eq(bookingTests.id, testId));
    } else {
      if (booking.status !== 'IN_PROGRESS' && booking.status !== 'COMPLETED') throw new ConflictError(`Cannot skip ${test.name}: the booking is ${booking.status}`);
      if (test.status !== 'PENDING' && test.status !== 'DONE') throw new ConflictError(`Cannot skip ${test.name}: it is ${test.status}`);
      const [other] = await tx
        .select({ id: bookingTests.id })
        .from(bookingTests)
        .where(and(eq(bookingTests.bookingId, bookingId), sql`${bookingTests.id} <> ${testId}`, sql`${bookingTests.status} <> 'SKIPPED'`))
        .limit(1);
      if (!other) throw new ConflictError('Every other test is skipped: cancel the booking instead');
      await tx.update(bookingTests).set({ status: 'SKIPPED', skipReason: reason!, updatedAt: now }).where(eq(bookingTests.id, testId));
    }
    await recordHistory(tx, bookingKind, {
      visitId: bookingId,
      organisationId: caller.organisationId,
      byStaffId: caller.id,
      action: action === 'done' ? 'test-done' : 'test-skipped',
      fromStatus: booking.status,
      toStatus: booking.status,
      note: action === 'done' ? test.name : `${test.name}: ${reason}`,
    });
    const status = action === 'skip' ? await settleReports(write, caller, booking) : booking.status;
    await announceBooking(write, caller.organisationId, booking, status);
  });
}

/**
 * Attaches one test's report (a private PDF, as for a single test's booking) once the booking is
 * completed; a report may be replaced, the history keeps both. The last report moves the booking to
 * REPORT_READY.
 */
export async function attachTestReport(db: Db, caller: StaffContext, bookingId: string, testId: string, uploadId: string, options: WriteOptions = {}): Promise<void> {
  await visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const booking = await lockVisit(tx, bookingKind, caller.organisationId, bookingId);
    const test = await lockTest(tx, bookingId, testId);
    if (booking.status !== 'COMPLETED' && booking.status !== 'REPORT_READY') {
      throw new ConflictError(`Cannot upload the report: the booking is ${booking.status} (complete it first)`);
    }
    if (test.status === 'SKIPPED') throw new ConflictError(`Cannot upload the report: ${test.name} was skipped`);
    const upload = await reportUpload(tx, caller.organisationId, uploadId);
    const now = new Date();
    await tx.update(bookingTests).set({ status: 'REPORT_READY', reportUploadId: uploadId, reportReadyAt: now, updatedAt: now }).where(eq(bookingTests.id, testId));
    await recordHistory(tx, bookingKind, {
      visitId: bookingId,
      organisationId: caller.organisationId,
      byStaffId: caller.id,
      action: test.status === 'REPORT_READY' ? 'test-report-replaced' : 'test-report',
      fromStatus: booking.status,
      toStatus: booking.status,
      note: `${test.name}: ${upload.name}`,
    });
    const status = await settleReports(write, caller, booking);
    await announceBooking(write, caller.organisationId, booking, status);
  });
}

/**
 * Keeps a package booking's tests in step with the visit, inside its transaction: completing the
 * visit marks the tests not yet marked as done (the patient has left: every sample not skipped was
 * taken), and a move to another scan or test takes that one's tests instead (a move happens only
 * before the patient is served, so nothing done is lost).
 */
export const bookingTestsSubscriber: VisitSubscriber = {
  name: 'booking-tests',
  events: ['completed', 'rescheduled'],
  async inTransaction(tx, event) {
    if (event.kind !== 'booking') return;
    if (event.type === 'completed') {
      const now = new Date();
      await tx
        .update(bookingTests)
        .set({ status: 'DONE', doneAt: now, updatedAt: now })
        .where(and(eq(bookingTests.bookingId, event.visitId), eq(bookingTests.status, 'PENDING')));
      return;
    }
    if (!event.left || event.left.ownerId === event.ownerId) return;
    await tx.delete(bookingTests).where(eq(bookingTests.bookingId, event.visitId));
    await tx.execute(bookingKind.bookedParts!.insert(event.visitId, event.organisationId, event.ownerId));
  },
};
