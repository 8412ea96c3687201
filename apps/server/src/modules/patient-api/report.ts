import type { PatientReportLink } from '@caredesk/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, bookingTests, patients } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { ownPatients, type PatientCaller } from '../../lib/patient-auth.js';
import { privateFileLink } from '../uploads/index.js';

/**
 * How long the app's link to a report works: long enough to open or download it, short enough
 * that a link copied out of the app (a shared screenshot, browser history) soon stops working.
 * The app asks for a new one each time it opens the report.
 */
export const PATIENT_REPORT_LINK_TTL_SECONDS = 10 * 60;

/** The report read, for the audit trail: the upload in the booking's organisation. */
export interface ReportRead {
  link: PatientReportLink;
  organisationId: string;
  uploadId: string;
}

/**
 * A signed link to the report of the account's own booking once it is REPORT_READY. Anything
 * else (another account's booking, no report yet, a report replaced by none) is "not found".
 */
export async function ownReportLink(db: Db, caller: PatientCaller, bookingId: string, now = new Date()): Promise<ReportRead> {
  const [row] = await db
    .select({ organisationId: bookings.organisationId, uploadId: bookings.reportUploadId })
    .from(bookings)
    .innerJoin(patients, eq(patients.id, bookings.patientId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'REPORT_READY'), isNotNull(bookings.reportUploadId), ownPatients(caller)));
  if (!row?.uploadId) throw new NotFoundError('Report not found');
  const link = await privateFileLink(db, row.uploadId, PATIENT_REPORT_LINK_TTL_SECONDS, now);
  return { link, organisationId: row.organisationId, uploadId: row.uploadId };
}

/**
 * A signed link to one test's report of the account's own package booking, once that test is
 * REPORT_READY: a lab releases a package's reports as they come, so each opens on its own.
 */
export async function ownTestReportLink(db: Db, caller: PatientCaller, bookingId: string, testId: string, now = new Date()): Promise<ReportRead> {
  const [row] = await db
    .select({ organisationId: bookings.organisationId, uploadId: bookingTests.reportUploadId })
    .from(bookingTests)
    .innerJoin(bookings, eq(bookings.id, bookingTests.bookingId))
    .innerJoin(patients, eq(patients.id, bookings.patientId))
    .where(and(eq(bookingTests.id, testId), eq(bookings.id, bookingId), eq(bookingTests.status, 'REPORT_READY'), isNotNull(bookingTests.reportUploadId), ownPatients(caller)));
  if (!row?.uploadId) throw new NotFoundError('Report not found');
  const link = await privateFileLink(db, row.uploadId, PATIENT_REPORT_LINK_TTL_SECONDS, now);
  return { link, organisationId: row.organisationId, uploadId: row.uploadId };
}
