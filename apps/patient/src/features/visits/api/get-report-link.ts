import type { PatientReportLink } from '@caredesk/shared';
import { api } from '@/lib/http';

/** GET /api/patient/bookings/{id}/report: a link to the ready report, valid a few minutes. */
export function getReportLink(bookingId: string): Promise<PatientReportLink> {
  return api<PatientReportLink>(`/patient/bookings/${bookingId}/report`);
}

/** GET /api/patient/bookings/{id}/tests/{testId}/report: one ready test's report of a package. */
export function getTestReportLink(bookingId: string, testId: string): Promise<PatientReportLink> {
  return api<PatientReportLink>(`/patient/bookings/${bookingId}/tests/${testId}/report`);
}
