/**
 * Messages bench: a morning's WhatsApp reminders (the 2-hour one, offset 120) for 10,000
 * appointments across 50 organisations, all falling due within one minute, sent through the fake
 * WhatsApp Cloud API (apps/server/src/test/fake-whatsapp.ts) by the server's own message sender
 * (modules/messages/sender.ts on lib/outbox-worker.ts).
 *
 * PostgreSQL: two sender processes (this file forked twice, each a buildApp on the same fresh
 * bench database, pools as openDatabase makes them), as a two-process deployment runs; then the
 * same with every reminder due at one instant (the 10:00 clinic's reminders all due at 08:00:00),
 * which measures how fast the senders drain a backlog. PGlite: one process (embedded mode runs
 * one), in this process.
 *
 * Seeded straight into the database: organisations by the tests' createOrganisation and
 * readyToMessage (wallet, WhatsApp add-on, settings without quiet hours), doctors, patients with
 * consent and BOOKED appointments in SQL, and the reminder rows as modules/messages/schedule.ts
 * owe() writes them (dedupe key `${visitId}:reminder:120:${slotIso}:WHATSAPP`, SCHEDULED,
 * next_attempt_at = due_at, a SCHEDULED timeline entry). Measured from the messages table (sent_at -
 * due_at), the fake's requests (biz_opaque_callback_data is the message id: a repeat is a
 * duplicate) and the wallet ledger; in each PostgreSQL sender process every statement is timed.
 *
 *   npx tsc -b packages/shared && npm run bench:messages -w @caredesk/bench
 *
 * BENCH_MESSAGES (10000), BENCH_MESSAGES_ORGS (50), BENCH_MESSAGES_WINDOWS (seconds the due times
 * spread over, one PostgreSQL run each: '60,0'), BENCH_MESSAGES_PROCESSES (2),
 * BENCH_MESSAGES_CONCURRENCY (per process, 20 as the server's default), BENCH_MESSAGES_PGLITE
 * (0 skips PGlite) change it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { fromPglite, fromPool, openDatabase, pgliteOptions, type Database, type Db } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { providerConfig, readyToMessage } from '../apps/server/src/modules/messages/test-support.ts';
import { startFakeMsg91, type FakeMsg91 } from '../apps/server/src/test/fake-msg91.ts';
import { startFakeWhatsApp, type FakeWhatsApp } from '../apps/server/src/test/fake-whatsapp.ts';
import { createOrganisation } from '../apps/server/src/test/fixtures.ts';
import { createBenchDatabase } from './postgres.ts';
import { loadAverage, machineLine, percentiles, sleep, writeResult, type Percentiles } from './stats.ts';
import { markdownTable } from './table.ts';

const TOTAL = Number(process.env.BENCH_MESSAGES ?? 10_000);
const ORGS = Number(process.env.BENCH_MESSAGES_ORGS ?? 50);
const WINDOWS = (process.env.BENCH_MESSAGES_WINDOWS ?? '60,0').split(',').map(Number);
const PROCESSES = Number(process.env.BENCH_MESSAGES_PROCESSES ?? 2);
const CONCURRENCY = Number(process.env.BENCH_MESSAGES_CONCURRENCY ?? 20);
const PGLITE = process.env.BENCH_MESSAGES_PGLITE !== '0';
const TIMEOUT_SECONDS = Number(process.env.BENCH_MESSAGES_TIMEOUT_SECONDS ?? 900);
/** PGlite is measured only if it keeps up: past this the run stops and reports what it sent. */
const PGLITE_TIMEOUT_SECONDS = Number(process.env.BENCH_MESSAGES_PGLITE_TIMEOUT_SECONDS ?? 300);
/** How often each sender looks for due messages (the server's default is 15 s: nothing else wakes it at a reminder's due time). */
const POLL_MS = 200;
/** The sender's default lease (sender.ts), passed explicitly so the table says what ran. */
const LEASE_SECONDS = 60;
const DOCTORS_PER_ORG = 10;
const OFFSET_MINUTES = 120;
const TIME_ZONE_OFFSET_MINUTES = 330; // Asia/Kolkata, the organisations' default time zone; no DST.

const PER_ORG = Math.ceil(TOTAL / ORGS);
const MESSAGES = PER_ORG * ORGS;

/**
 * The other connections to the bench database by what they are doing, sampled every 100 ms while
 * the senders work: 'idle' / ClientRead waits on Node (between statements, or a pool connection
 * nobody holds), 'active' with no wait event runs on a CPU, Lock waits for a row lock, IO / LWLock
 * for the disk and shared memory.
 */
const BACKENDS_SQL = `
  select state || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'running') as what, count(*)::int as n
  from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and query not ilike 'listen%'
  group by 1`;

type Exec = <R>(text: string, params?: unknown[]) => Promise<R[]>;

interface StatementStat {
  count: number;
  ms: number;
}

/** What a sender process reports when it stops: its CPU since the mark, statement timings, pool waits, error log lines. */
interface SenderReport {
  cpuMs: number;
  statements: [string, StatementStat][];
  poolWaits: Percentiles & { count: number; totalMs: number };
  /** Transactions (begin to commit): the charge is the sender's only one. */
  transactions: Percentiles;
  /** From the end of the wallet row's UPDATE (the lock taken) to the commit: how long each debit held its organisation's wallet row. */
  walletHeld: Percentiles;
  /** Event-loop delay (perf_hooks, 1 ms resolution): how late the process's callbacks ran. */
  loopDelayMs?: { mean: number; p99: number; max: number };
  errors: number;
  firstErrors: string[];
}

type ToSender = { type: 'mark' } | { type: 'stop' };
type FromSender = { type: 'ready' } | { type: 'report'; report: SenderReport };

// ---------------------------------------------------------------------------------------------
// The sender side: one buildApp whose message sender polls every POLL_MS.

interface Timings {
  statements: Map<string, StatementStat>;
  poolWaits: number[];
  transactions: number[];
  walletHeld: number[];
}

/** Every statement's time, every pool checkout's wait and every transaction's span, in a sender process (pg only). */
function instrumentPg(timings: Timings): void {
  const { statements, poolWaits } = timings;
  /** Per connection: when its transaction began and when it updated a wallet row. */
  const open = new WeakMap<object, { began: number; wallet?: number }>();
  const note = (client: object, text: string, started: number) => {
    const ended = performance.now();
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
    const stat = statements.get(key) ?? { count: 0, ms: 0 };
    stat.count += 1;
    stat.ms += ended - started;
    statements.set(key, stat);
    if (key.startsWith('update "wallets"')) {
      const span = open.get(client);
      if (span) span.wallet = ended;
    } else if (key === 'commit' || key === 'rollback') {
      const span = open.get(client);
      open.delete(client);
      if (!span) return;
      timings.transactions.push(ended - span.began);
      if (span.wallet !== undefined) timings.walletHeld.push(ended - span.wallet);
    }
  };
  const begin = (client: object, text: string, started: number) => {
    if (/^\s*begin\b/i.test(text)) open.set(client, { began: started });
  };
  type Method = (...args: unknown[]) => unknown;
  const client = pg.Client.prototype as unknown as { query: Method };
  const query = client.query;
  client.query = function (this: object, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string') return query.apply(this, args);
    const started = performance.now();
    begin(this, text, started);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        note(this, text, started);
        return (last as Method)(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      const done = () => note(this, text, started);
      result.then(done, done);
    }
    return result;
  };
  const pool = pg.Pool.prototype as unknown as { connect: Method };
  const connect = pool.connect;
  pool.connect = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect.call(this, (...results: unknown[]) => {
        poolWaits.push(performance.now() - started);
        return (callback as Method)(...results);
      });
    }
    return (connect.call(this) as Promise<unknown>).then((connected) => {
      poolWaits.push(performance.now() - started);
      return connected;
    });
  };
}

async function startSenderApp(database: Database, urls: { whatsapp: string; sms: string }, onErrorLine: (line: string) => void): Promise<FastifyInstance> {
  // providerConfig reads only the fakes' URLs: the fakes themselves run in the bench's main process.
  const config = providerConfig({ url: urls.whatsapp } as FakeWhatsApp, { url: urls.sms } as FakeMsg91, { LOG_LEVEL: 'error' });
  const app = await buildApp({
    config,
    database,
    messages: { pollIntervalMs: POLL_MS, concurrency: CONCURRENCY, leaseSeconds: LEASE_SECONDS },
    logStream: { write: onErrorLine },
  });
  await app.ready();
  return app;
}

/** A forked sender process: argv = [databaseUrl, whatsappUrl, smsUrl]. */
async function senderProcess(databaseUrl: string, whatsapp: string, sms: string): Promise<void> {
  const timings: Timings = { statements: new Map(), poolWaits: [], transactions: [], walletHeld: [] };
  instrumentPg(timings);
  const { statements, poolWaits } = timings;
  const errorLines: string[] = [];
  let errors = 0;
  // The production pool (max 10), as main.ts opens it.
  const database = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '' });
  const app = await startSenderApp(database, { whatsapp, sms }, (line) => {
    errors += 1;
    if (errorLines.length < 3) errorLines.push(line.slice(0, 400));
  });
  let cpu = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const send = (message: FromSender) => process.send?.(message);
  process.on('message', (message: ToSender) => {
    if (message.type === 'mark') {
      cpu = process.cpuUsage();
      statements.clear();
      poolWaits.length = 0;
      timings.transactions.length = 0;
      timings.walletHeld.length = 0;
      loopDelay.enable();
      return;
    }
    const used = process.cpuUsage(cpu);
    const waits = percentiles(poolWaits);
    const report: SenderReport = {
      cpuMs: (used.user + used.system) / 1000,
      statements: [...statements],
      poolWaits: { ...waits, count: poolWaits.length, totalMs: poolWaits.reduce((sum, ms) => sum + ms, 0) },
      transactions: percentiles(timings.transactions),
      walletHeld: percentiles(timings.walletHeld),
      loopDelayMs: { mean: loopDelay.mean / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      errors,
      firstErrors: errorLines,
    };
    void app
      .close()
      .then(() => database.close())
      .then(() => process.send?.({ type: 'report', report } satisfies FromSender, () => process.exit(0)));
  });
  send({ type: 'ready' });
}

interface Senders {
  /** Starts CPU and statement accounting (at the first due time). */
  mark(): void;
  stop(): Promise<SenderReport[]>;
  description: string;
}

async function forkSenders(databaseUrl: string, whatsapp: FakeWhatsApp, sms: FakeMsg91): Promise<Senders> {
  const children: ChildProcess[] = [];
  const reports: Promise<SenderReport>[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < PROCESSES; i += 1) {
    // fork passes this process's execArgv: tsx's loader comes along.
    const child = fork(fileURLToPath(import.meta.url), ['sender', databaseUrl, whatsapp.url, sms.url], { stdio: 'inherit' });
    children.push(child);
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`sender process ${i} exited (${code}) before it reported`))));
    ready.push(Promise.race([new Promise<void>((resolve) => child.on('message', (message: FromSender) => message.type === 'ready' && resolve())), exited]));
    reports.push(
      Promise.race([new Promise<SenderReport>((resolve) => child.on('message', (message: FromSender) => message.type === 'report' && resolve(message.report))), exited]),
    );
    // Handled where awaited; this keeps an early exit from being an unhandled rejection meanwhile.
    reports[i]!.catch(() => undefined);
  }
  await Promise.all(ready);
  const message = (m: ToSender) => children.forEach((child) => child.send(m));
  return {
    description: `${PROCESSES} processes`,
    mark: () => message({ type: 'mark' }),
    stop: async () => {
      message({ type: 'stop' });
      const done = await Promise.all(reports);
      await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
      return done;
    },
  };
}

/** PGlite's one process: the sender runs in this process, beside the fakes. */
async function inProcessSender(database: Database, whatsapp: FakeWhatsApp, sms: FakeMsg91): Promise<Senders> {
  let errors = 0;
  const firstErrors: string[] = [];
  const app = await startSenderApp(database, { whatsapp: whatsapp.url, sms: sms.url }, (line) => {
    errors += 1;
    if (firstErrors.length < 3) firstErrors.push(line.slice(0, 400));
  });
  let cpu = process.cpuUsage();
  return {
    description: '1 process (this one, with the fakes)',
    mark: () => {
      cpu = process.cpuUsage();
    },
    stop: async () => {
      const used = process.cpuUsage(cpu);
      await app.close();
      const none = { ...percentiles([]), count: 0, totalMs: 0 };
      return [{ cpuMs: (used.user + used.system) / 1000, statements: [], poolWaits: none, transactions: percentiles([]), walletHeld: percentiles([]), errors, firstErrors }];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The bench side.

/** CPU seconds of every process named postgres (all databases on the server), from /proc; undefined elsewhere. */
function postgresCpuSeconds(): number | undefined {
  try {
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        // utime and stime, fields 14 and 15 of stat (11 and 12 after the command).
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 50 organisations ready to message, each with doctors and patients who agreed to messages. */
async function seedOrganisations(db: Db, exec: Exec): Promise<void> {
  for (let i = 0; i < ORGS; i += 1) {
    const org = await createOrganisation(db);
    // ₹10,000 each: 200 reminders at 50 paise never bring a wallet near the low-balance line.
    await readyToMessage(db, org.id, { rupees: 10_000 });
  }
  await exec(
    `insert into doctors (organisation_id, facility_id, name, name_key, specialization, consultation_fee_paise, slot_minutes, patients_per_slot)
     select o.id, (select f.id from facilities f where f.organisation_id = o.id limit 1), 'Dr. Bench ' || n, 'dr. bench ' || n, 'General Medicine', 50000, 15, $1
     from organisations o cross join generate_series(1, $2) n`,
    [Math.ceil(PER_ORG / DOCTORS_PER_ORG), DOCTORS_PER_ORG],
  );
  await exec(
    `insert into patients (organisation_id, name, name_key, phone, phone_digits, gender, message_consent, message_consent_at, message_consent_by)
     select o.id, 'Bench Patient ' || n, 'bench patient ' || n, '+919' || lpad((o.rn * 10000 + n)::text, 9, '0'), '919' || lpad((o.rn * 10000 + n)::text, 9, '0'),
       'FEMALE', true, now(), 'Bench'
     from (select id, row_number() over (order by id) as rn from organisations) o cross join generate_series(1, $1) n`,
    [PER_ORG],
  );
}

/**
 * Every patient booked at `slotAt` with one of their organisation's doctors (tokens 1, 2, 3… per
 * doctor), and the reminder each visit owes, due from `firstDue` spread evenly over `windowSeconds`
 * in random order across organisations.
 */
async function seedVisits(exec: Exec, slotAt: Date, firstDue: Date, windowSeconds: number): Promise<void> {
  const local = new Date(slotAt.getTime() + TIME_ZONE_OFFSET_MINUTES * 60_000);
  const date = local.toISOString().slice(0, 10);
  const startMinutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  await exec(
    `insert into appointments (organisation_id, facility_id, doctor_id, patient_id, date, start_time, end_time, token_number, status, reason, fee_paise, source)
     select p.organisation_id, d.facility_id, d.id, p.id, $1::date, $2, $3, ((p.k - 1) / $4) + 1, 'BOOKED', 'Follow-up visit', d.consultation_fee_paise, 'CONSOLE'
     from (select id, organisation_id, row_number() over (partition by organisation_id order by id) as k from patients) p
     join (select id, organisation_id, facility_id, consultation_fee_paise, row_number() over (partition by organisation_id order by id) as j from doctors) d
       on d.organisation_id = p.organisation_id and d.j = ((p.k - 1) % $4) + 1`,
    [date, hhmm(startMinutes), hhmm(startMinutes + 15), DOCTORS_PER_ORG],
  );
  await exec('insert into doctor_day_tokens (doctor_id, date, last_token) select doctor_id, date, max(token_number) from appointments group by doctor_id, date');
  // As owe() writes them; the slot in the dedupe key is worked out from the visit row exactly as
  // the sender's visitFacts reads it, so 'The visit moved' cannot fire by accident.
  const now = new Date().toISOString();
  await exec(
    `insert into messages (organisation_id, patient_id, visit_kind, visit_id, event, offset_minutes, channel, status, dedupe_key, to_phone, context,
       due_at, next_attempt_at, timeline, created_at, updated_at)
     select a.organisation_id, a.patient_id, 'appointment', a.id, 'reminder', $1::int, 'WHATSAPP', 'SCHEDULED',
       a.id || ':reminder:' || $1::int || ':' || to_char(((a.date + a.start_time::time) at time zone o.time_zone) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ':WHATSAPP',
       p.phone, '{}'::jsonb, due.at, due.at, jsonb_build_array(jsonb_build_object('status', 'SCHEDULED', 'at', $2::text, 'detail', null)), $2::timestamptz, $2::timestamptz
     from (select a.*, row_number() over (order by random()) - 1 as i from appointments a) a
       join organisations o on o.id = a.organisation_id
       join patients p on p.id = a.patient_id
       cross join lateral (select $3::timestamptz + make_interval(secs => $4::float8 * a.i / $5) as at) due`,
    [OFFSET_MINUTES, now, firstDue.toISOString(), windowSeconds, MESSAGES],
  );
  const keys = await exec<{ n: number }>(`select count(*)::int as n from messages where dedupe_key like '%:' || $1 || ':WHATSAPP'`, [slotAt.toISOString()]);
  if (keys[0]?.n !== MESSAGES) throw new Error(`only ${keys[0]?.n} of ${MESSAGES} reminders carry the slot ${slotAt.toISOString()} in their dedupe key`);
  await exec('analyze');
}

interface Run {
  database: string;
  senders: string;
  windowSeconds: number;
  /** Set when the run was stopped after this many seconds with messages still to send. */
  timedOut: number | undefined;
  statuses: Record<string, number>;
  sent: number;
  /** Sent rows / (last sent_at - first due_at). */
  perSecond: number;
  /** Sent rows / (last sent_at - first sent_at). */
  drainPerSecond: number;
  lateness: Percentiles;
  /** Last sent_at - last due_at. */
  tailSeconds: number;
  wallSeconds: number;
  duplicates: number;
  refused: number;
  requests: number;
  debits: number;
  debitPaise: number;
  credits: number;
  reports: SenderReport[];
  benchCpuMs: number;
  postgresCpuSeconds: number | undefined;
  /** The senders' PostgreSQL connections by state and wait event, on average over the samples. */
  backends: [string, number][];
}

async function measureRun(
  name: string,
  database: Database,
  exec: Exec,
  start: (whatsapp: FakeWhatsApp, sms: FakeMsg91) => Promise<Senders>,
  windowSeconds: number,
  timeoutSeconds: number,
): Promise<Run> {
  const db = database.db as Db;
  const whatsapp = await startFakeWhatsApp();
  const sms = await startFakeMsg91();
  try {
    console.log(`${name}: migrating…`);
    await runMigrations(database);
    console.log(`${name}: starting the senders and seeding ${ORGS} organisations…`);
    const [senders] = await Promise.all([start(whatsapp, sms), seedOrganisations(db, exec)]);
    let stopped = false;
    try {
      // The slot is a whole minute (start_time is HH:MM) at least 2 h 10 s ahead; the first
      // reminder is due at slot - 120 min exactly, as owe() would put it.
      const slotAt = new Date(Math.ceil((Date.now() + OFFSET_MINUTES * 60_000 + 10_000) / 60_000) * 60_000);
      const firstDue = new Date(slotAt.getTime() - OFFSET_MINUTES * 60_000);
      console.log(`${name}: ${MESSAGES} appointments at ${slotAt.toISOString()}, reminders due ${firstDue.toISOString()} + ${windowSeconds} s…`);
      await seedVisits(exec, slotAt, firstDue, windowSeconds);
      if (Date.now() >= firstDue.getTime()) throw new Error('seeding ran past the first due time');
      await sleep(firstDue.getTime() - Date.now());
      senders.mark();
      const cpuAtStart = process.cpuUsage();
      const postgresAtStart = postgresCpuSeconds();
      const deadline = firstDue.getTime() + timeoutSeconds * 1000;
      let lastLog = Date.now();
      const backends = new Map<string, number>();
      let samples = 0;
      for (;;) {
        if (database.driver === 'postgres') {
          samples += 1;
          for (const row of await exec<{ what: string; n: number }>(BACKENDS_SQL)) backends.set(row.what, (backends.get(row.what) ?? 0) + row.n);
        }
        const [left] = await exec<{ n: number }>(`select count(*)::int as n from messages where status in ('SCHEDULED', 'SENDING')`);
        if (left?.n === 0 || Date.now() > deadline) break;
        if (Date.now() - lastLog > 5000) {
          console.log(`  ${((Date.now() - firstDue.getTime()) / 1000).toFixed(0)} s: ${MESSAGES - (left?.n ?? 0)} done, ${left?.n} to go`);
          lastLog = Date.now();
        }
        await sleep(100);
      }
      const wallSeconds = (Date.now() - firstDue.getTime()) / 1000;
      const timedOut = Date.now() > deadline;
      const cpu = process.cpuUsage(cpuAtStart);
      const postgresAtEnd = postgresCpuSeconds();
      stopped = true;
      const reports = await senders.stop();

      const statuses = Object.fromEntries(
        (await exec<{ status: string; n: number }>('select status::text as status, count(*)::int as n from messages group by status')).map((r) => [r.status, r.n]),
      );
      const late = await exec<{ ms: number }>(`select (extract(epoch from sent_at - due_at) * 1000)::float8 as ms from messages where sent_at is not null`);
      const [span] = await exec<{ first_due: string; last_due: string; first_sent: string; last_sent: string }>(
        'select min(due_at)::text as first_due, max(due_at)::text as last_due, min(sent_at)::text as first_sent, max(sent_at)::text as last_sent from messages',
      );
      const [ledger] = await exec<{ debits: number; debit_paise: number; credits: number }>(
        `select (count(*) filter (where kind = 'DEBIT'))::int as debits, coalesce(sum(amount_paise) filter (where kind = 'DEBIT'), 0)::float8 as debit_paise,
           (count(*) filter (where kind = 'CREDIT' and message_id is not null))::int as credits
         from wallet_entries`,
      );
      const seen = new Map<string, number>();
      for (const request of whatsapp.requests) {
        const id = (request.body as { biz_opaque_callback_data?: string }).biz_opaque_callback_data ?? '?';
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
      const at = (text: string | undefined) => new Date(text ?? NaN).getTime();
      const sent = late.length;
      return {
        database: name,
        senders: senders.description,
        windowSeconds,
        timedOut: timedOut ? timeoutSeconds : undefined,
        statuses,
        sent,
        perSecond: sent / ((at(span?.last_sent) - at(span?.first_due)) / 1000),
        drainPerSecond: sent / ((at(span?.last_sent) - at(span?.first_sent)) / 1000),
        lateness: percentiles(late.map((r) => r.ms)),
        tailSeconds: (at(span?.last_sent) - at(span?.last_due)) / 1000,
        wallSeconds,
        duplicates: [...seen.values()].reduce((sum, n) => sum + n - 1, 0),
        refused: whatsapp.requests.filter((request) => !request.answeredId).length,
        requests: whatsapp.requests.length,
        debits: ledger?.debits ?? 0,
        debitPaise: ledger?.debit_paise ?? 0,
        credits: ledger?.credits ?? 0,
        reports,
        benchCpuMs: (cpu.user + cpu.system) / 1000,
        backends: [...backends].map(([what, n]) => [what, n / Math.max(1, samples)] as [string, number]).sort((a, b) => b[1] - a[1]),
        postgresCpuSeconds: postgresAtStart === undefined || postgresAtEnd === undefined ? undefined : postgresAtEnd - postgresAtStart,
      };
    } finally {
      if (!stopped) await senders.stop().catch(() => undefined);
    }
  } finally {
    await whatsapp.close();
    await sms.close();
  }
}

async function postgresRun(windowSeconds: number): Promise<Run> {
  const bench = await createBenchDatabase();
  if (!bench) throw new Error('no PostgreSQL: set DATABASE_URL or run one on 127.0.0.1:5432');
  const database = fromPool(new pg.Pool({ connectionString: bench.url, max: 4 }));
  const pool = database.driver === 'postgres' ? database.pool : undefined;
  const exec: Exec = async <R>(text: string, params: unknown[] = []) => (await pool!.query(text, params)).rows as R[];
  try {
    return await measureRun('PostgreSQL', database, exec, (whatsapp, sms) => forkSenders(bench.url, whatsapp, sms), windowSeconds, TIMEOUT_SECONDS);
  } finally {
    await database.close();
    await bench.drop();
  }
}

async function pgliteRun(windowSeconds: number): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'caredesk-bench-messages-'));
  const client = await PGlite.create(pgliteOptions({ dataDir }));
  const database = fromPglite(client);
  const exec: Exec = async <R>(text: string, params: unknown[] = []) => (await client.query<R>(text, params)).rows;
  try {
    return await measureRun('PGlite', database, exec, (whatsapp, sms) => inProcessSender(database, whatsapp, sms), windowSeconds, PGLITE_TIMEOUT_SECONDS);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : '–');

function summaryTable(runs: Run[]): string {
  return markdownTable(
    ['database, senders', 'due over', 'sent', 'msg/s', 'drain msg/s', 'late p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'duplicates', 'debits (₹)', 'not sent'],
    runs.map((r) => [
      `${r.database}, ${r.senders}`,
      `${r.windowSeconds} s`,
      String(r.sent),
      fmt(r.perSecond),
      fmt(r.drainPerSecond),
      String(r.lateness.p50),
      String(r.lateness.p95),
      String(r.lateness.p99),
      String(r.lateness.max),
      String(r.duplicates),
      `${r.debits} (${fmt(r.debitPaise / 100, 2)})`,
      (Object.entries(r.statuses)
        .filter(([status]) => status !== 'SENT')
        .map(([status, n]) => `${n} ${status}`)
        .join(', ') || '0') + (r.timedOut ? ` (stopped after ${r.timedOut} s)` : ''),
    ]),
    1,
  );
}

function cpuLine(r: Run): string {
  const wall = r.wallSeconds;
  const share = (ms: number) => `${fmt(ms / 1000, 1)} s (${fmt(ms / 10 / wall)} %)`;
  const perMessage = r.reports.reduce((sum, report) => sum + report.cpuMs, 0) / Math.max(1, r.sent);
  const cpu =
    r.database === 'PGlite'
      ? `this one process (sender, PGlite and the fakes) ${share(r.benchCpuMs)}, ${fmt(r.benchCpuMs / Math.max(1, r.sent), 2)} ms a message`
      : `sender processes ${r.reports.map((report) => share(report.cpuMs)).join(', ')}, ${fmt(perMessage, 2)} ms of sender CPU a message; PostgreSQL processes ${r.postgresCpuSeconds === undefined ? 'not read' : share(r.postgresCpuSeconds * 1000)}; the bench process (the fakes) ${share(r.benchCpuMs)}`;
  const errors = r.reports.reduce((sum, report) => sum + report.errors, 0);
  const first = r.reports.flatMap((report) => report.firstErrors)[0];
  return `${r.database}, due over ${r.windowSeconds} s: ${fmt(wall, 1)} s from the first due time to the last row done; CPU over it (% of one core): ${cpu}. ${r.requests} requests reached the fake WhatsApp (${r.refused} refused); ${r.credits} refunds; last sent ${fmt(r.tailSeconds, 1)} s after the last due; error log lines ${errors}${first ? `, the first: ${first}` : ''}.`;
}

/** The statements of the PostgreSQL sender processes, summed, the costliest first. */
function statementTable(r: Run): string {
  const merged = new Map<string, StatementStat>();
  for (const report of r.reports)
    for (const [key, stat] of report.statements) {
      const into = merged.get(key) ?? { count: 0, ms: 0 };
      into.count += stat.count;
      into.ms += stat.ms;
      merged.set(key, into);
    }
  const all = [...merged].sort((a, b) => b[1].ms - a[1].ms);
  const total = all.reduce((sum, [, stat]) => sum + stat.count, 0);
  const totalMs = all.reduce((sum, [, stat]) => sum + stat.ms, 0);
  const waits = r.reports.map((report) => report.poolWaits);
  const waitCount = waits.reduce((sum, w) => sum + w.count, 0);
  const waitMs = waits.reduce((sum, w) => sum + w.totalMs, 0);
  const spans = (pick: (report: SenderReport) => Percentiles) => r.reports.map((report) => `${pick(report).p50}/${pick(report).p95}/${pick(report).max}`).join(' and ');
  const header = [
    `Statements of the sender processes, PostgreSQL, due over ${r.windowSeconds} s: ${total} in all, ${fmt(total / Math.max(1, r.sent), 1)} a message, ${fmt(totalMs / 1000, 1)} s of statement time (round trip, summed over connections); pool checkouts ${waitCount}, waiting ${fmt(waitMs / 1000, 1)} s in all (p95 per process: ${waits.map((w) => w.p95).join(', ')} ms; max ${waits.map((w) => w.max).join(', ')} ms).`,
    `The charge transaction (begin to commit), p50/p95/max ms per process: ${spans((report) => report.transactions)}; of it, the organisation's wallet row held (from its UPDATE's answer, the lock taken, to the commit's; the UPDATE's own time above is mostly the wait for that lock): ${spans((report) => report.walletHeld)}.`,
    `Event-loop delay of the sender processes, mean/p99/max ms: ${r.reports.map((report) => (report.loopDelayMs ? `${fmt(report.loopDelayMs.mean, 1)}/${fmt(report.loopDelayMs.p99, 1)}/${fmt(report.loopDelayMs.max, 1)}` : '–')).join(' and ')}.`,
    `The senders' ${fmt(
      r.backends.reduce((sum, [, n]) => sum + n, 0),
      1,
    )} PostgreSQL connections on average (pg_stat_activity every 100 ms; state / wait event): ${r.backends
      .filter(([, n]) => n >= 0.05)
      .map(([what, n]) => `${what} ${fmt(n, 1)}`)
      .join(', ')}.`,
  ].join(' ');
  const table = markdownTable(
    ['statement (first 110 characters)', 'count', 'a message', 'mean ms', 'total s', 'share'],
    all
      .slice(0, 16)
      .map(([key, stat]) => [
        `\`${key.replaceAll('|', '\\|')}\``,
        String(stat.count),
        fmt(stat.count / Math.max(1, r.sent), 2),
        fmt(stat.ms / stat.count, 2),
        fmt(stat.ms / 1000, 1),
        `${fmt((stat.ms / totalMs) * 100)} %`,
      ]),
    1,
  );
  return `${header}\n\n${table}`;
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const runs: Run[] = [];
  for (const windowSeconds of WINDOWS) runs.push(await postgresRun(windowSeconds));
  if (PGLITE) {
    const started = Date.now();
    runs.push(await pgliteRun(WINDOWS[0] ?? 60));
    console.log(`PGlite run: ${fmt((Date.now() - started) / 1000)} s`);
  }

  const table = summaryTable(runs);
  const note = [
    `${machineLine()}; PostgreSQL ${(await postgresVersion()) ?? ''} (local) and PGlite (a data directory in ${tmpdir()}).`,
    `${MESSAGES.toLocaleString('en')} WhatsApp reminders (offset ${OFFSET_MINUTES} min), one per BOOKED appointment, ${PER_ORG} in each of ${ORGS} organisations (${DOCTORS_PER_ORG} doctors each, all at one slot ${OFFSET_MINUTES} min after the first due time); wallets of ₹10,000, the WhatsApp add-on active, no quiet hours; the fake WhatsApp Cloud API answers at once. Due times spread evenly over the window in random order across organisations; 0 s: all due at one instant, as owe() puts every reminder of one slot time.`,
    `Senders: modules/messages/sender.ts as buildApp makes it, concurrency ${CONCURRENCY} a process, lease ${LEASE_SECONDS} s, poll every ${POLL_MS} ms (the server's default is 15 s, which a reminder would add to its lateness: nothing else wakes the sender at a due time), max attempts 6; PostgreSQL: ${PROCESSES} forked processes on one database, each with openDatabase's pool (10 connections).`,
    'msg/s: sent rows / (last sent_at - first due_at); drain msg/s: sent rows / (last sent_at - first sent_at); lateness: sent_at - due_at of every sent row; duplicates: requests to the fake whose biz_opaque_callback_data (the message id) came before; debits: DEBIT entries in the wallet ledger (50 paise each).',
    ...runs.map(cpuLine),
    `Load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end.`,
  ].join('\n\n');
  const statements = runs
    .filter((r) => r.reports.some((report) => report.statements.length))
    .map(statementTable)
    .join('\n\n');
  const command = 'npx tsc -b packages/shared && npm run bench:messages -w @caredesk/bench';
  console.log(`\n${table}\n\n${note}\n\n${statements}`);
  writeResult('messages.md', `# Messages bench, ${new Date().toISOString()}\n\n\`${command}\`\n\n${note}\n\n${table}\n\n## Where the sender's time goes\n\n${statements}\n`);
}

async function postgresVersion(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  try {
    await client.connect();
    return (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (process.argv[2] === 'sender') {
  const [, , , databaseUrl, whatsapp, sms] = process.argv;
  senderProcess(databaseUrl!, whatsapp!, sms!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
