import type { Paginated, PatientAppointment, PatientBooking } from '@caredesk/shared';
import { api } from '@/lib/http';

export interface VisitOrganisation {
  id: string;
  name: string;
}

/**
 * The organisations the account has visits with (GET /api/patient/appointments and /bookings):
 * where it has a patient record, so where it can write to the desk.
 */
export async function listVisitOrganisations(signal: AbortSignal): Promise<VisitOrganisation[]> {
  const query = '?page=1&pageSize=200';
  const [appointments, bookings] = await Promise.all([
    api<Paginated<PatientAppointment>>(`/patient/appointments${query}`, { signal }),
    api<Paginated<PatientBooking>>(`/patient/bookings${query}`, { signal }),
  ]);
  const byId = new Map<string, string>();
  for (const visit of [...(appointments.data ?? []), ...(bookings.data ?? [])]) byId.set(visit.organisationId, visit.organisationName);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
