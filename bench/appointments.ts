import type pg from 'pg';
import { BENCH_ACCOUNT } from './scenarios.ts';
import { shuffled } from './stats.ts';

/** The signed-in account's organisation: what a booking needs. */
export interface BenchOrganisation {
  id: string;
  /** Today in the organisation's time zone, YYYY-MM-DD. */
  today: string;
  doctorIds: string[];
  patientIds: string[];
}

export async function benchOrganisation(client: pg.Client, email = BENCH_ACCOUNT.email): Promise<BenchOrganisation> {
  const { rows } = await client.query<{ id: string; today: string }>(
    `select o.id, to_char((now() at time zone o.time_zone)::date, 'YYYY-MM-DD') as today
     from staff s join organisations o on o.id = s.organisation_id where s.email = $1`,
    [email],
  );
  const org = rows[0];
  if (!org) throw new Error(`${email} is missing: did the demo seed run?`);
  const doctors = await client.query<{ id: string }>('select id from doctors where organisation_id = $1 and active order by name', [org.id]);
  const patients = await client.query<{ id: string }>('select id from patients where organisation_id = $1 order by id', [org.id]);
  if (!doctors.rows.length || !patients.rows.length) throw new Error(`${email}'s organisation has no doctors or no patients`);
  return { ...org, doctorIds: doctors.rows.map((r) => r.id), patientIds: patients.rows.map((r) => r.id) };
}

export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The body of POST /api/appointments. */
export interface BookingBody {
  doctorId: string;
  patientId: string;
  date: string;
  startTime: string;
  reason: string;
}

export interface FreePlaces {
  /** One body per free place (a slot with 2 remaining gives 2), shuffled across doctors and days. */
  bookings: BookingBody[];
  /** Time of each GET /api/doctors/:id/slots, one at a time, ms. */
  slotListMs: number[];
}

/**
 * At least `needed` free places, asked of GET /api/doctors/:id/slots for every doctor, day by
 * day from tomorrow (today's slots run out while the bench runs): the API's own view of what is
 * free, so every booking is one the console would offer.
 */
export async function freePlaces(baseUrl: string, token: string, org: BenchOrganisation, needed: number, maxDays = 366): Promise<FreePlaces> {
  const bookings: BookingBody[] = [];
  const slotListMs: number[] = [];
  for (let offset = 1; bookings.length < needed && offset <= maxDays; offset += 1) {
    const date = addDays(org.today, offset);
    for (const doctorId of org.doctorIds) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/doctors/${doctorId}/slots?date=${date}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { slots?: { start: string; remaining: number }[] };
      slotListMs.push(performance.now() - started);
      if (res.status !== 200 || !body.slots) throw new Error(`GET slots answered ${res.status}: ${JSON.stringify(body)}`);
      for (const slot of body.slots) {
        for (let place = 0; place < slot.remaining; place += 1) {
          const patientId = org.patientIds[bookings.length % org.patientIds.length]!;
          bookings.push({ doctorId, patientId, date, startTime: slot.start, reason: 'Bench booking' });
        }
      }
    }
  }
  if (bookings.length < needed) throw new Error(`only ${bookings.length} free places in ${maxDays} days; ${needed} needed`);
  return { bookings: shuffled(bookings), slotListMs };
}
