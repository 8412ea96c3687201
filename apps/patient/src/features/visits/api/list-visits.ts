import type { Paginated, PatientAppointment, PatientBooking } from '@caredesk/shared';
import { api } from '@/lib/http';
import { fromAppointment, fromBooking, type Visit } from '../visit';

/** The most a list answers in one page (the shared pagination's limit). */
const PAGE_SIZE = 200;

function rowsOf<T>(page: Paginated<T>): T[] {
  // Light validation in place of zod: a list answer always has its rows in `data`.
  if (!Array.isArray(page.data)) throw new Error('Unexpected answer from the server');
  return page.data;
}

/** GET /api/patient/appointments and /bookings: the account's visits in every organisation. */
export async function listVisits(signal: AbortSignal): Promise<Visit[]> {
  const query = `?page=1&pageSize=${PAGE_SIZE}`;
  const [appointments, bookings] = await Promise.all([
    api<Paginated<PatientAppointment>>(`/patient/appointments${query}`, { signal }),
    api<Paginated<PatientBooking>>(`/patient/bookings${query}`, { signal }),
  ]);
  return [...rowsOf(appointments).map(fromAppointment), ...rowsOf(bookings).map(fromBooking)];
}
