import type { Booking } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { ConflictError } from '../../lib/errors.js';
import { assertVisitDayReached, bookingKind, lockVisit, recordHistory, visitTransaction, type WriteOptions } from '../visits/index.js';
import { getBooking } from './queries.js';
import { reportReadyEvent, reportUpload, testCountOf } from './tests.js';

/**
 * Attaches the report, a private PDF already uploaded through POST /api/uploads, and moves a
 * COMPLETED booking to REPORT_READY. A REPORT_READY booking may have its report replaced (a
 * corrected report); the history keeps both.
 */
export async function attachReport(db: Db, caller: StaffContext, id: string, uploadId: string, options: WriteOptions = {}): Promise<Booking> {
  await visitTransaction(db, options, async ({ tx, emit }) => {
    const current = await lockVisit(tx, bookingKind, caller.organisationId, id);
    if (current.status !== 'COMPLETED' && current.status !== 'REPORT_READY') {
      throw new ConflictError(`Cannot upload the report: the booking is ${current.status} (complete it first)`);
    }
    await assertVisitDayReached(tx, caller.organisationId, current.date, 'report', options.now);
    const tests = await testCountOf(tx, id);
    if (tests > 0) throw new ConflictError(`This booking holds ${tests} tests: attach each test’s report`);
    const upload = await reportUpload(tx, caller.organisationId, uploadId);
    const now = new Date();
    await tx.update(bookings).set({ status: 'REPORT_READY', reportUploadId: uploadId, reportReadyAt: now, updatedAt: now }).where(eq(bookings.id, id));
    await recordHistory(tx, bookingKind, {
      visitId: id,
      organisationId: caller.organisationId,
      byStaffId: caller.id,
      action: current.status === 'REPORT_READY' ? 'report-replaced' : 'report',
      fromStatus: current.status,
      toStatus: 'REPORT_READY',
      note: upload.name,
    });
    await options.events?.publish(caller.organisationId, bookingKind.updatedEvent(id, current.ownerId, current.date, 'REPORT_READY', current.patientId), tx);
    await emit(reportReadyEvent(caller, current));
  });
  return getBooking(db, caller.organisationId, id);
}
