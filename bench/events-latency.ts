/**
 * Live-update latency bench (issue #4): how long from a write to the appointment.updated event
 * on a WebSocket client of /api/events, on PostgreSQL (the demo seed only). Every event travels
 * through pg_notify at commit and reaches each server process on its LISTEN connection, so even
 * one server pays a round trip through PostgreSQL.
 *  - one server: the writes through A, the client on A;
 *  - two servers on one DATABASE_URL: the writes through A, a client on A and one on B, both
 *    waiting for the same writes, so the two rows differ only in which process's LISTEN
 *    connection carried the event.
 * Each round books a free place (POST /api/appointments, event status BOOKED) and checks it in
 * (POST /api/appointments/:id/actions/check-in, event status CHECKED_IN), one request at a time,
 * so the figures are latency, not queueing. Two clocks per write, both read in this process:
 * from sending the request to the event, and from the end of the HTTP response to the event
 * (negative when the event came first: the NOTIFY fires at commit, before the response is sent).
 *
 *   npx tsc -b packages/shared apps/server && npm run bench:events -w @caredesk/bench
 *
 * BENCH_EVENT_SAMPLES (rounds per setup, 500) shortens it.
 */
import WebSocket from 'ws';
import { benchOrganisation, freePlaces, type BookingBody } from './appointments.ts';
import { connectClient, createBenchDatabase } from './postgres.ts';
import { signInToken } from './scenarios.ts';
import { serverBuilt, startServer, type RunningServer } from './server.ts';
import { loadAverage, machineLine, percentiles, writeResult } from './stats.ts';
import { markdownTable } from './table.ts';

const SAMPLES = Number(process.env.BENCH_EVENT_SAMPLES ?? 500);
/** Rounds run first and not counted: connections, JIT, the first queries' plans. */
const WARM_UP = 20;
const EVENT_TIMEOUT_MS = 5000;

/** A signed-in /api/events client that notes when each appointment.updated (id, status) arrives. */
class EventClient {
  private readonly arrivals = new Map<string, number>();
  private readonly waiters = new Map<string, (at: number) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as { type?: string; appointmentId?: string; status?: string };
      if (message.type !== 'appointment.updated') return;
      const key = `${message.appointmentId} ${message.status}`;
      if (!this.arrivals.has(key)) this.arrivals.set(key, at);
      this.waiters.get(key)?.(at);
    });
  }

  static async open(server: RunningServer, token: string): Promise<EventClient> {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/events`);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('close', (code, reason) => reject(new Error(`events socket closed ${code} ${String(reason)}`)));
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type?: string }).type === 'ready') resolve();
      });
    });
    socket.removeAllListeners('close');
    return new EventClient(socket);
  }

  /** performance.now() when the event came, or undefined after EVENT_TIMEOUT_MS. */
  arrival(appointmentId: string, status: string): Promise<number | undefined> {
    const key = `${appointmentId} ${status}`;
    const seen = this.arrivals.get(key);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(key);
        resolve(undefined);
      }, EVENT_TIMEOUT_MS);
      this.waiters.set(key, (at) => {
        clearTimeout(timer);
        this.waiters.delete(key);
        resolve(at);
      });
    });
  }

  close(): void {
    this.socket.terminate();
  }
}

interface Samples {
  sentToEvent: number[];
  responseToEvent: number[];
  http: number[];
  missed: number;
  failed: number;
}

const emptySamples = (): Samples => ({ sentToEvent: [], responseToEvent: [], http: [], missed: 0, failed: 0 });

/** A client of one server and what it saw of each kind of write. */
interface Watch {
  setup: string;
  events: EventClient;
  book: Samples;
  checkIn: Samples;
}

/**
 * One write, then its event on every watch; answers the new or changed appointment's id, or
 * undefined when the write failed. Warm-up writes (`counted` false) record nothing.
 */
async function timedWrite(
  writer: RunningServer,
  token: string,
  path: string,
  body: unknown,
  expected: number,
  event: { status: string; kind: 'book' | 'checkIn' },
  watches: Watch[],
  counted: boolean,
): Promise<string | undefined> {
  const sent = performance.now();
  const res = await fetch(`${writer.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { id: string };
  const received = performance.now();
  if (res.status !== expected) {
    console.warn(`POST ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    if (counted) for (const watch of watches) watch[event.kind].failed += 1;
    return undefined;
  }
  const arrivals = await Promise.all(watches.map((watch) => watch.events.arrival(answer.id, event.status)));
  if (!counted) return answer.id;
  watches.forEach((watch, index) => {
    const at = arrivals[index];
    const into = watch[event.kind];
    if (at === undefined) {
      into.missed += 1;
      return;
    }
    into.sentToEvent.push(at - sent);
    into.responseToEvent.push(at - received);
    into.http.push(received - sent);
  });
  return answer.id;
}

/**
 * A round per place: book it and check it in through `writer`, one request at a time, while a
 * client on each of `watchers` waits for the events, so each row of a run times the same writes.
 */
async function measure(writer: RunningServer, watchers: { setup: string; server: RunningServer }[], places: BookingBody[]): Promise<Watch[]> {
  const token = await signInToken(writer.url);
  const watches: Watch[] = [];
  try {
    for (const { setup, server } of watchers)
      watches.push({ setup, events: await EventClient.open(server, await signInToken(server.url)), book: emptySamples(), checkIn: emptySamples() });
    for (const [round, place] of places.entries()) {
      const counted = round >= WARM_UP;
      const id = await timedWrite(writer, token, '/api/appointments', place, 201, { status: 'BOOKED', kind: 'book' }, watches, counted);
      if (id) await timedWrite(writer, token, `/api/appointments/${id}/actions/check-in`, {}, 200, { status: 'CHECKED_IN', kind: 'checkIn' }, watches, counted);
    }
  } finally {
    for (const watch of watches) watch.events.close();
  }
  return watches;
}

function rowsOf(watches: Watch[]): string[][] {
  return watches.flatMap((watch) => {
    const writes: [string, Samples][] = [
      ['POST /api/appointments (BOOKED)', watch.book],
      ['POST …/actions/check-in (CHECKED_IN)', watch.checkIn],
    ];
    return writes.map(([write, samples]) => {
      const sent = percentiles(samples.sentToEvent);
      const response = percentiles(samples.responseToEvent);
      const http = percentiles(samples.http);
      return [
        watch.setup,
        write,
        String(sent.samples),
        String(sent.p50),
        String(sent.p95),
        String(sent.p99),
        String(response.p50),
        String(response.p95),
        String(response.p99),
        String(http.p50),
        String(samples.missed),
        String(samples.failed),
      ];
    });
  });
}

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const loadAtStart = loadAverage();
  const postgres = await createBenchDatabase();
  if (!postgres) throw new Error('no PostgreSQL: set DATABASE_URL or run one on 127.0.0.1:5432');
  const rows: string[][] = [];
  try {
    console.log('PostgreSQL: starting server A (migrations + demo seed)…');
    const a = await startServer(postgres.url);
    let b: RunningServer | undefined;
    try {
      const client = await connectClient(postgres.url);
      const org = await benchOrganisation(client).finally(() => client.end());
      const perRun = SAMPLES + WARM_UP;
      const { bookings } = await freePlaces(a.url, await signInToken(a.url), org, 2 * perRun);

      console.log(`one server: ${SAMPLES} rounds (+${WARM_UP} warm-up), writes and client on A…`);
      rows.push(...rowsOf(await measure(a, [{ setup: 'one server: write A, client A', server: a }], bookings.slice(0, perRun))));

      console.log('starting server B on the same database…');
      b = await startServer(postgres.url);
      console.log(`two servers: ${SAMPLES} rounds (+${WARM_UP} warm-up), writes on A, a client on A and one on B…`);
      const watchers = [
        { setup: 'two servers: write A, client A', server: a },
        { setup: 'two servers: write A, client B', server: b },
      ];
      rows.push(...rowsOf(await measure(a, watchers, bookings.slice(perRun, 2 * perRun))));
    } finally {
      await b?.stop();
      await a.stop();
    }
  } finally {
    await postgres.drop();
  }

  const header = [
    'setup',
    'write',
    'samples',
    ...['send→event', 'response→event'].flatMap((clock) => ['p50', 'p95', 'p99'].map((p) => `${clock} ${p}`)),
    'HTTP p50',
    'missed',
    'failed',
  ];
  const table = markdownTable(header, rows, 2);
  const note = [
    `${machineLine()}; PostgreSQL (local), demo seed; one write at a time, ${WARM_UP} warm-up rounds not counted; times in ms, all clocks read in the bench process (performance.now()). With two servers, the clients on A and on B wait for the same writes, so their rows differ only by the path of the event: A's own LISTEN connection, or B's.`,
    `send→event: from sending the write to the appointment.updated message on the WebSocket; response→event: from the end of the write's HTTP response to that message (negative: the event came first). missed: no event within ${EVENT_TIMEOUT_MS / 1000} s; failed: the write itself did not succeed.`,
    `Load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end.`,
  ].join('\n\n');
  console.log(`\n${table}\n\n${note}`);
  writeResult('events-latency.md', `# Live-update latency bench, ${new Date().toISOString()}\n\n${note}\n\n${table}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
