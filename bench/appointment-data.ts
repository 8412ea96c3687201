/**
 * Synthetic appointments for the booking bench, generated inside the database (INSERT … SELECT
 * from generate_series), like patient-data.ts. Every row sits on a real slot of its doctor's
 * schedule (availability windows cut into slotMinutes, never on a leave date, at most
 * patientsPerSlot places a slot), so GET /api/doctors/:id/slots and the booking rule see the
 * table as they would see a hospital's history. Tokens run 1, 2, 3… per doctor per day in slot
 * order, as the seed numbers them; doctor-days that already hold visits (the demo seed's) are
 * left alone, so (doctor_id, date, token_number) stays unique and no slot is over capacity.
 * Past days: 82 % completed, 10 % cancelled, 8 % no-show; today and later: 93 % booked, 7 %
 * cancelled. No appointment_history rows: nothing the bench measures reads them.
 */

import type pg from 'pg';

/** 'HH:MM' of a minute of the day, in SQL. */
const hhmm = (minutes: string): string => `lpad((${minutes} / 60)::text, 2, '0') || ':' || lpad((${minutes} % 60)::text, 2, '0')`;
const minutesOf = (time: string): string => `split_part(${time}, ':', 1)::int * 60 + split_part(${time}, ':', 2)::int`;

/**
 * Every bookable place (doctor, day, slot start, k of patientsPerSlot) from `pastDays` before
 * each organisation's today to `futureDays` after it, on doctor-days with no visit yet; `off` is
 * the day's offset from today.
 */
function placesCte(pastDays: number, futureDays: number): string {
  if (![pastDays, futureDays].every((n) => Number.isInteger(n) && n >= 0)) throw new Error('bad arguments');
  return `
    WITH orgs AS (
      SELECT o.id, (now() AT TIME ZONE o.time_zone)::date AS today,
        (SELECT max(p.uhid_number) FROM patients p WHERE p.organisation_id = o.id) AS last_uhid_number,
        (SELECT s.id FROM staff s WHERE s.organisation_id = o.id ORDER BY s.created_at, s.id LIMIT 1) AS staff_id
      FROM organisations o
    ),
    docs AS (
      SELECT d.id, d.organisation_id, d.facility_id, d.slot_minutes, d.patients_per_slot, d.availability, d.leave_dates, d.consultation_fee_paise,
        orgs.today, orgs.last_uhid_number, orgs.staff_id
      FROM doctors d JOIN orgs ON orgs.id = d.organisation_id
      WHERE d.active AND d.slot_minutes > 0 AND orgs.last_uhid_number IS NOT NULL
    ),
    days AS (
      SELECT docs.*, docs.today + off AS day, off
      FROM docs CROSS JOIN generate_series(-${pastDays}, ${futureDays}) AS off
      WHERE NOT docs.leave_dates ? to_char(docs.today + off, 'YYYY-MM-DD')
        AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.doctor_id = docs.id AND a.date = docs.today + off)
    ),
    windows AS (
      SELECT days.*, ${minutesOf("w->>'start'")} AS w_start, ${minutesOf("w->>'end'")} AS w_end
      FROM days CROSS JOIN LATERAL jsonb_array_elements(days.availability) AS w
      WHERE (w->>'weekday')::int = extract(dow FROM days.day)::int
    ),
    places AS (
      SELECT windows.*, w_start + s * slot_minutes AS start_m, k
      FROM windows
        CROSS JOIN LATERAL generate_series(0, (w_end - w_start) / slot_minutes - 1) AS s
        CROSS JOIN LATERAL generate_series(1, patients_per_slot) AS k
    )`;
}

/** Places per day offset, to size the past so that the table ends up with the wanted count. */
export function countPlacesSql(pastDays: number, futureDays: number): string {
  return `${placesCte(pastDays, futureDays)} SELECT off, count(*)::int AS places FROM places GROUP BY off`;
}

const REASONS = ['Follow-up visit', 'Fever and cough', 'Routine check-up', 'Blood pressure review', 'Knee pain', 'Review of test reports', 'Headache', 'Skin rash'];

/**
 * One statement inserting at most `count` appointments: each place of a past day is taken with
 * probability `pastFill`, of today and later with `futureFill`.
 */
export function insertAppointmentsSql(options: { count: number; pastDays: number; futureDays: number; pastFill: number; futureFill: number }): string {
  const { count, pastDays, futureDays, pastFill, futureFill } = options;
  if (!Number.isInteger(count) || ![pastFill, futureFill].every((p) => p >= 0 && p <= 1)) throw new Error('bad arguments');
  const reasons = `ARRAY[${REASONS.map((r) => `'${r}'`).join(',')}]`;
  return `${placesCte(pastDays, futureDays)},
    picked AS (
      SELECT * FROM places WHERE random() < CASE WHEN off < 0 THEN ${pastFill} ELSE ${futureFill} END LIMIT ${count}
    ),
    numbered AS (
      SELECT picked.*,
        row_number() OVER (PARTITION BY id, day ORDER BY start_m, k)::int AS token,
        CASE WHEN off < 0
          THEN (CASE WHEN roll < 0.82 THEN 'COMPLETED' WHEN roll < 0.92 THEN 'CANCELLED' ELSE 'NO_SHOW' END)
          ELSE (CASE WHEN roll < 0.93 THEN 'BOOKED' ELSE 'CANCELLED' END)
        END::appointment_status AS status,
        least(now(), day::timestamptz + make_interval(mins => start_m) - make_interval(days => 1 + floor(random() * 5)::int)) AS booked_at
      FROM (SELECT picked.*, random() AS roll, 1 + floor(random() * last_uhid_number)::int AS patient_number FROM picked) AS picked
    )
    INSERT INTO appointments (organisation_id, facility_id, doctor_id, patient_id, date, start_time, end_time, token_number, status, reason,
      cancel_reason, fee_paise, payment_status, source, created_by, created_at, updated_at)
    SELECT numbered.organisation_id, facility_id, numbered.id, patient.id, day,
      ${hhmm('start_m')}, ${hhmm('start_m + slot_minutes')}, token, status,
      CASE WHEN random() < 0.9 THEN (${reasons})[1 + floor(random() * ${REASONS.length})::int] END,
      CASE WHEN status = 'CANCELLED' THEN 'Patient travelling' END,
      consultation_fee_paise,
      (CASE WHEN status = 'COMPLETED' THEN 'PAID' ELSE 'UNPAID' END)::payment_status,
      (CASE WHEN random() < 0.8 THEN 'CONSOLE' ELSE 'WALK_IN' END)::visit_source,
      staff_id, booked_at, booked_at
    FROM numbered
      -- The patient numbered patient_number, or the next one if that one was deleted: one index probe
      -- each. An array of the organisation's patient ids, copied into every row, took hours on a
      -- database that holds the search bench's 1,000,000 patients.
      CROSS JOIN LATERAL (
        SELECT p.id FROM patients p
        WHERE p.organisation_id = numbered.organisation_id AND p.uhid_number >= numbered.patient_number
        ORDER BY p.uhid_number LIMIT 1
      ) AS patient`;
}

/**
 * The token counters (apps/server modules/visits/engine.ts nextToken) at the highest token of every
 * doctor-day, as the first booking of the day would have set them, so the next booking takes
 * the next number.
 */
export const fillTokenCountersSql = `
  INSERT INTO doctor_day_tokens (doctor_id, date, last_token)
  SELECT doctor_id, date, max(token_number) FROM appointments GROUP BY doctor_id, date
  ON CONFLICT (doctor_id, date) DO UPDATE SET last_token = greatest(doctor_day_tokens.last_token, excluded.last_token)`;

export interface LoadedAppointments {
  rows: number;
  pastDays: number;
  futureDays: number;
  /** Seconds of each step: 'count places 3.1 s, insert 80.2 s, …'. */
  timings: string;
}

/**
 * Loads `count` appointments: the next `futureDays` filled to `futureFill`, and as many past
 * days as it takes, each filled to about 85 %, for the rest. Then the token counters and
 * VACUUM ANALYZE. Foreign keys are valid by construction, so the insert skips their
 * per-row triggers where the role may (session_replication_role needs a superuser).
 */
export async function loadAppointments(client: pg.Client, options: { count: number; futureDays: number; futureFill: number }): Promise<LoadedAppointments> {
  const { count, futureDays, futureFill } = options;
  const steps: string[] = [];
  let stepStarted = performance.now();
  const step = (name: string): void => {
    steps.push(`${name} ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
    stepStarted = performance.now();
  };
  const TARGET_PAST_FILL = 0.85;
  const MAX_PAST_DAYS = 10 * 365;
  const perDay = new Map((await client.query<{ off: number; places: number }>(countPlacesSql(MAX_PAST_DAYS, futureDays))).rows.map((r) => [r.off, r.places]));
  let future = 0;
  for (let off = 0; off <= futureDays; off += 1) future += perDay.get(off) ?? 0;
  // Aim 0.5 % over the count: LIMIT cuts the excess, and a shortfall is far outside chance.
  const wanted = count * 1.005 - future * futureFill;
  let pastDays = 0;
  let past = 0;
  while (past * TARGET_PAST_FILL < wanted && pastDays < MAX_PAST_DAYS) {
    pastDays += 1;
    past += perDay.get(-pastDays) ?? 0;
  }
  if (past * TARGET_PAST_FILL < wanted) throw new Error(`the doctors' schedules hold only ${past + future} places in ${MAX_PAST_DAYS} days`);
  const pastFill = Math.min(1, wanted / past);
  step('counting places');

  await client.query('BEGIN');
  try {
    await client.query("SET LOCAL work_mem = '256MB'");
    await client.query('SAVEPOINT replica');
    try {
      await client.query('SET LOCAL session_replication_role = replica');
    } catch {
      await client.query('ROLLBACK TO SAVEPOINT replica');
    }
    const inserted = await client.query(insertAppointmentsSql({ count, pastDays, futureDays, pastFill, futureFill }));
    step('insert');
    await client.query(fillTokenCountersSql);
    await client.query('COMMIT');
    step('token counters');
    await client.query('VACUUM ANALYZE appointments');
    await client.query('ANALYZE doctor_day_tokens');
    step('VACUUM ANALYZE');
    return { rows: inserted.rowCount ?? 0, pastDays, futureDays, timings: steps.join(', ') };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
