import type { PatientAppointment, PatientAppointmentCreate, PatientBooking, PatientBookingCreate, VisitPatient } from '@caredesk/shared';
import type { BookingKind } from '@/config/paths';
import { api } from '@/lib/http';

export type BookedVisit = PatientAppointment | PatientBooking;

export interface VisitRequest {
  organisationId: string;
  kind: BookingKind;
  /** The doctor's or the scan/test's id. */
  id: string;
  date: string;
  startTime: string;
  reason: string;
  patient: VisitPatient;
}

/**
 * POST /api/patient/appointments or /bookings: the server checks the slot is still free (409
 * when someone else just took it) and the organisation's online rules (400 naming the field).
 */
export function bookVisit(request: VisitRequest): Promise<BookedVisit> {
  const common = {
    organisationId: request.organisationId,
    date: request.date,
    startTime: request.startTime,
    ...(request.reason.trim() ? { reason: request.reason.trim() } : {}),
    patient: request.patient,
  };
  if (request.kind === 'doctors') {
    return api<PatientAppointment>('/patient/appointments', { method: 'POST', body: { ...common, doctorId: request.id } satisfies PatientAppointmentCreate });
  }
  return api<PatientBooking>('/patient/bookings', { method: 'POST', body: { ...common, serviceId: request.id } satisfies PatientBookingCreate });
}
