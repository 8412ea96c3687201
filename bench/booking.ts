/**
 * Booking bench (issue #4): PostgreSQL with 1,000,000 appointments in the table (generated in
 * SQL on the demo doctors' real slots, appointment-data.ts), then
 *  - POST /api/appointments at 10 and 50 connections, every request a different free place
 *    taken from GET /api/doctors/:id/slots (so 409 means the server refused a place it offered),
 *  - GET /api/appointments?from=&to=&doctorId= (the day and month views of one doctor, and the
 *    whole organisation's day) at 10 connections,
 * with p50/p95/p99 from every response and the count of each status. Then it checks on the
 * database that no slot holds more live visits than its capacity and that the token counters
 * agree with the tokens handed out.
 *
 *   npx tsc -b packages/shared apps/server && npm run bench:booking -w @caredesk/bench
 *
 * BENCH_APPOINTMENTS (1000000), BENCH_BOOKINGS (bookings per concurrency, 2000) and
 * BENCH_DURATION_SECONDS (per list shape, 10) shorten it. BENCH_LOADED_URL, a PostgreSQL
 * database kept from an earlier run (this bench's, or the search bench's 1,000,000 patients):
 * the bench runs on it, loads the appointments only if it holds fewer than BENCH_APPOINTMENTS,
 * and leaves it in place, so one data set serves both benches.
 */
import type pg from 'pg';
import { addDays, benchOrganisation, freePlaces, type BenchOrganisation, type BookingBody } from './appointments.ts';
import { loadAppointments, type LoadedAppointments } from './appointment-data.ts';
import { runLoad, type LoadResult } from './load.ts';
import { connectClient, createBenchDatabase } from './postgres.ts';
import { signInToken } from './scenarios.ts';
import { serverBuilt, startServer, type RunningServer } from './server.ts';
import { loadAverage, machineLine, percentiles, writeResult } from './stats.ts';
import { markdownTable } from './table.ts';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 1_000_000);
const BOOKINGS_PER_RUN = Number(process.env.BENCH_BOOKINGS ?? 2000);
const BOOKING_CONNECTIONS = [10, 50];
const LIST_CONNECTIONS = 10;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
/** Days ahead that the load fills, and how full: bookings go into what is left. */
const FUTURE_DAYS = 120;
const FUTURE_FILL = 0.35;

interface Row {
  target: string;
  connections: number;
  result: LoadResult;
}

const count = (result: LoadResult, match: (status: number) => boolean): number => [...result.statuses].filter(([status]) => match(status)).reduce((sum, [, n]) => sum + n, 0);

function formatRows(rows: Row[]): string {
  const header = ['target', 'conns', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '2xx', '409', 'other'];
  const cells = rows.map(({ target, connections, result: r }) => {
    const ok = count(r, (s) => s >= 200 && s < 300);
    const conflict = count(r, (s) => s === 409);
    return [
      target,
      String(connections),
      String(r.samples),
      r.requestsPerSecond.toFixed(0),
      String(r.p50),
      String(r.p95),
      String(r.p99),
      String(r.max),
      String(ok),
      String(conflict),
      String(r.samples - ok - conflict + r.errors),
    ];
  });
  return markdownTable(header, cells, 1);
}

async function book(server: RunningServer, token: string, bookings: BookingBody[], connections: number): Promise<LoadResult> {
  let next = 0;
  return runLoad({
    url: server.url,
    connections,
    amount: bookings.length,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/appointments',
        // One place per request; autocannon stops at `amount`, so none is sent twice.
        setupRequest: (request) => ({ ...request, body: JSON.stringify(bookings[next++ % bookings.length]) }),
      },
    ],
  });
}

/** GET /api/appointments with a window of `days` days starting anywhere in the loaded range. */
async function list(server: RunningServer, token: string, org: BenchOrganisation, range: { from: number; to: number }, days: number, byDoctor: boolean): Promise<LoadResult> {
  let next = 0;
  return runLoad({
    url: server.url,
    connections: LIST_CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const from = addDays(org.today, range.from + Math.floor(Math.random() * (range.to - range.from - days + 1)));
          const doctor = byDoctor ? `&doctorId=${org.doctorIds[next++ % org.doctorIds.length]}` : '';
          return { ...request, path: `/api/appointments?from=${from}&to=${addDays(from, days - 1)}${doctor}&sort=date&pageSize=25` };
        },
      },
    ],
  });
}

/** What a bench that books concurrently must not break: capacity per slot and the token counters. */
async function consistency(client: pg.Client, today: string): Promise<string> {
  const overbooked = await client.query<{ n: number }>(
    `select count(*)::int as n from (
       select a.doctor_id, a.date, a.start_time, count(*) as live, min(d.patients_per_slot) as capacity
       from appointments a join doctors d on d.id = a.doctor_id
       where a.date > $1 and a.status in ('BOOKED', 'CHECKED_IN', 'IN_CONSULTATION', 'COMPLETED')
       group by a.doctor_id, a.date, a.start_time) s
     where live > capacity`,
    [today],
  );
  const counters = await client.query<{ n: number }>(
    `select count(*)::int as n from (select doctor_id, date, max(token_number) as top from appointments group by doctor_id, date) a
     left join doctor_day_tokens t using (doctor_id, date)
     where t.last_token is distinct from a.top and a.date > $1`,
    [today],
  );
  return `slots over capacity after the bench: ${overbooked.rows[0]?.n}; future doctor-days whose token counter differs from their highest token: ${counters.rows[0]?.n}`;
}

/** The appointments of the bench: loaded now, or (BENCH_LOADED_URL) already there from an earlier run. */
async function appointmentsFor(client: pg.Client): Promise<LoadedAppointments> {
  const {
    rows: [held],
  } = await client.query<{ n: number; past: number; future: number }>(
    `select count(*)::int as n, coalesce(current_date - min(date), 0)::int as past, coalesce(max(date) - current_date, 0)::int as future from appointments`,
  );
  if (held && held.n >= APPOINTMENTS) {
    return { rows: 0, pastDays: held.past, futureDays: Math.min(held.future, FUTURE_DAYS), timings: `none loaded: ${held.n.toLocaleString('en')} already in the database` };
  }
  console.log(`loading ${APPOINTMENTS.toLocaleString('en')} appointments…`);
  return loadAppointments(client, { count: APPOINTMENTS, futureDays: FUTURE_DAYS, futureFill: FUTURE_FILL });
}

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const loadAtStart = loadAverage();
  const loadedUrl = process.env.BENCH_LOADED_URL;
  const postgres = loadedUrl ? { url: loadedUrl, drop: async () => undefined } : await createBenchDatabase();
  if (!postgres) throw new Error('no PostgreSQL: set DATABASE_URL or run one on 127.0.0.1:5432');
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    console.log('PostgreSQL: starting the server (migrations + demo seed)…');
    const server = await startServer(postgres.url);
    const client = await connectClient(postgres.url);
    try {
      const loaded = await appointmentsFor(client);
      const org = await benchOrganisation(client);
      const {
        rows: [sizes],
      } = await client.query<{ total: number; mine: number }>('select count(*)::int as total, (count(*) filter (where organisation_id = $1))::int as mine from appointments', [
        org.id,
      ]);
      const loadNote = `${loaded.rows.toLocaleString('en')} appointments generated (${loaded.timings}) over ${loaded.pastDays} past days and ${loaded.futureDays} days ahead (${FUTURE_FILL * 100} % full); ${sizes?.total.toLocaleString('en')} in the table with the demo seed's, ${sizes?.mine.toLocaleString('en')} of them in the signed-in hospital (${org.doctorIds.length} doctors), whose requests these are`;
      console.log(loadNote);
      notes.push(loadNote);

      let token = await signInToken(server.url);
      const needed = BOOKINGS_PER_RUN * BOOKING_CONNECTIONS.length;
      console.log(`collecting ${needed} free places from GET /api/doctors/:id/slots…`);
      const { bookings, slotListMs } = await freePlaces(server.url, token, org, needed);
      const slots = percentiles(slotListMs);
      notes.push(
        `${bookings.length} free places listed; GET /api/doctors/:id/slots one at a time while collecting them: p50 ${slots.p50} ms, p95 ${slots.p95} ms, p99 ${slots.p99} ms (${slots.samples} requests)`,
      );

      for (const [index, connections] of BOOKING_CONNECTIONS.entries()) {
        const batch = bookings.slice(index * BOOKINGS_PER_RUN, (index + 1) * BOOKINGS_PER_RUN);
        console.log(`POST /api/appointments: ${batch.length} bookings at ${connections} connections…`);
        token = await signInToken(server.url);
        rows.push({ target: 'POST /api/appointments (a free place each)', connections, result: await book(server, token, batch, connections) });
      }
      notes.push(await consistency(client, org.today));

      const range = { from: -loaded.pastDays, to: loaded.futureDays };
      token = await signInToken(server.url);
      for (const [target, days, byDoctor] of [
        ['GET /api/appointments?from&to (1 day)&doctorId', 1, true],
        ['GET /api/appointments?from&to (30 days)&doctorId', 30, true],
        ['GET /api/appointments?from&to (1 day), whole organisation', 1, false],
      ] as const) {
        console.log(`${target}: ${LIST_CONNECTIONS} connections, ${DURATION_SECONDS} s…`);
        rows.push({ target, connections: LIST_CONNECTIONS, result: await list(server, token, org, range, days, byDoctor) });
      }
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    await postgres.drop();
  }

  const table = formatRows(rows);
  const note = [
    `${machineLine()}; PostgreSQL (local), one server process (pg pool of 10); autocannon; p50/p95/p99 from every response's latency.`,
    `Bookings: ${BOOKINGS_PER_RUN} per concurrency, each a different free place, shuffled across doctors and days; list: ${DURATION_SECONDS} s per shape, windows anywhere in the loaded range, a doctor per request in turn, sorted by date, 25 a page.`,
    ...notes.map((n) => `${n}.`),
    `Load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end.`,
  ].join('\n\n');
  console.log(`\n${table}\n\n${note}`);
  writeResult('booking.md', `# Booking bench, ${new Date().toISOString()}\n\n${note}\n\n${table}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
