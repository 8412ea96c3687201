/**
 * `npm run bench:budget`: issue #18's performance budgets, measured in one run on this machine.
 * Builds once, then on a fresh PostgreSQL database with the demo data:
 *  1. the console's JavaScript by route and the fonts of /sign-in, through Debian's Chromium;
 *  2. Lighthouse 12 on /sign-in (mobile and desktop) and on the dashboard (mobile, signed in);
 *  3. the SQL each measured API route runs, read back from PostgreSQL's statement log;
 *  4. the app against a bare Fastify hello route and a bare Fastify + pg server replaying that SQL
 *     (on a copy of the database), autocannon at 10 connections, interleaved round by round.
 * The 1M-row benches and `npm test` take too long for this: their rows come from their own
 * results files when there are any. Prints the table, writes bench/results/budget.md, and exits
 * 1 when a budget is exceeded or a measurement failed. Budgets: bench/budget-report.ts.
 *
 *   npm run bench:budget    (BENCH_SKIP_BUILD=1 reuses the last build; BENCH_ROUNDS,
 *                            BENCH_DURATION_SECONDS, BENCH_LIGHTHOUSE_RUNS shorten it;
 *                            BENCH_ONLY=bundles,lighthouse,api measures only those parts and
 *                            leaves bench/results/budget.md as it was)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import {
  exitCode,
  failed,
  fromResults,
  informational,
  judged,
  notMeasured,
  npmTestFromResults,
  p95FromResults,
  reportTable,
  withoutSql,
  type BudgetKey,
  type ReportRow,
} from './budget-report.ts';
import { CHROME_FLAGS, CHROMIUM_PATH, launchChrome, lighthouseRuns, medianRun, type LighthouseRun } from './chromium.ts';
import { measureConsoleRoutes, sum, type RouteLoad } from './console-bundles.ts';
import { runLoad, type LoadResult } from './load.ts';
import { connectClient, createBenchDatabase, type BenchDatabase } from './postgres.ts';
import { BENCH_ACCOUNT, signInToken } from './scenarios.ts';
import { repoRoot, startBaseline, startServer, type RunningServer } from './server.ts';
import { parseStatementLog, sameStatements, statementsOfRequest, type ReplayQuery, type RequestStatements } from './statement-log.ts';
import { readFrom, statementLogFile } from './statement-log-file.ts';
import { loadAverage, machineLine, sleep, writeResult } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CONNECTIONS = 10;
const PARTS = ['bundles', 'lighthouse', 'api'] as const;
/** A partial run, for checking one change quickly: it prints its rows and writes no results file. */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((part) => part.trim())) : undefined;
for (const part of ONLY ?? []) if (!(PARTS as readonly string[]).includes(part)) throw new Error(`BENCH_ONLY: unknown part '${part}' (one of ${PARTS.join(', ')})`);
const measures = (part: (typeof PARTS)[number]): boolean => !ONLY || ONLY.has(part);

/** The console's pages a hospital admin opens (apps/web/src/config/paths.ts); ids are filled in. */
const CONSOLE_ROUTES = [
  '/',
  '/user',
  '/user/new',
  '/user/:patientId',
  '/doctor',
  '/doctor/new',
  '/doctor/:doctorId',
  '/scan',
  '/service',
  '/appointments',
  '/appointments/token',
  '/bookings',
  '/bookings/token',
  '/notifications',
  '/chats',
  '/plan',
  '/wallet',
  '/account',
  '/settings',
  '/settings/facilities',
  '/settings/organisation',
  '/settings/staff',
  '/settings/audit',
  '/settings/messages',
  '/settings/messages/log',
  '/settings/online-booking',
  '/settings/billing',
  '/day-book',
];

/** The authenticated reads of the issue's ratio rows, each with the budget row it feeds. */
const API_ROUTES: { path: string; key: BudgetKey }[] = [
  { path: '/api/me', key: 'meRatio' },
  { path: '/api/patients?search=ra', key: 'patientsRatio' },
  { path: '/api/notifications/all', key: 'notificationsRatio' },
];

const rows = new Map<BudgetKey, ReportRow[]>();
const notes: string[] = [];
const setRow = (key: BudgetKey, ...row: ReportRow[]): void => void rows.set(key, row);
const failAll = (keys: BudgetKey[], error: unknown) => keys.forEach((key) => setRow(key, failed(key, error)));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const startedAt = Date.now();
/** A step of the run, with the seconds since it began: where a slow run spends its time. */
const progress = (message: string) => console.log(`[${Math.round((Date.now() - startedAt) / 1000)} s] ${message}`);

// Everything started is stopped on the way out, last started first, also on Ctrl-C.
const cleanups = new Map<object, () => Promise<void>>();
async function started<T extends { stop(): Promise<void> } | { drop(): Promise<void> }>(thing: Promise<T>): Promise<T> {
  const value = await thing;
  cleanups.set(value, () => ('stop' in value ? value.stop() : value.drop()));
  return value;
}
async function cleanUp(): Promise<void> {
  for (const [key, fn] of [...cleanups].reverse()) {
    cleanups.delete(key);
    await fn().catch((error: unknown) => console.error('cleanup:', error));
  }
}
async function stopNow(server: RunningServer): Promise<void> {
  cleanups.delete(server);
  await server.stop();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
// A stray rejection (a browser call after its page closed…) must not end the run before the
// servers and the database it started are gone: the run goes on and fails at the end.
process.on('unhandledRejection', (error) => {
  console.error('unhandled rejection:', error);
  process.exitCode = 1;
});
process.once('uncaughtException', (error) => {
  console.error(error);
  void cleanUp().finally(() => process.exit(1));
});

function build(): void {
  if (process.env.BENCH_SKIP_BUILD) return;
  progress('building (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

// ---- 1. bundles and fonts -------------------------------------------------------------------

async function firstIds(url: string): Promise<Record<string, string>> {
  const token = await signInToken(url);
  const first = async (path: string) => {
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data?: { id?: string }[] };
    return body.data?.[0]?.id;
  };
  const ids: Record<string, string> = {};
  const patientId = await first('/api/patients?pageSize=1');
  const doctorId = await first('/api/doctors?pageSize=1');
  if (patientId) ids[':patientId'] = patientId;
  if (doctorId) ids[':doctorId'] = doctorId;
  return ids;
}

async function measureBundles(app: RunningServer): Promise<void> {
  const keys: BudgetKey[] = ['signInScript', 'largestRouteScript', 'fonts'];
  try {
    const ids = await firstIds(app.url);
    const routes = CONSOLE_ROUTES.flatMap((route) => {
      const param = /:\w+/.exec(route)?.[0];
      if (!param) return [route];
      return ids[param] ? [route.replace(param, ids[param])] : [];
    });
    progress(`console: /sign-in and ${routes.length} routes, each from an empty cache…`);
    const { signIn, routes: loads } = await measureConsoleRoutes(app.url, BENCH_ACCOUNT, routes);

    const gzip = (load: RouteLoad) => sum(load.scripts, (f) => f.gzipBytes);
    const sent = (load: RouteLoad) => sum(load.scripts, (f) => f.sentBytes);
    const encodings = [...new Set([...signIn.scripts, ...loads.flatMap((l) => l.scripts)].map((f) => f.encoding || 'none'))].join(', ');
    const entry = signIn.scripts.find((file) => file.url === signIn.entry);
    setRow('signInScript', judged('signInScript', gzip(signIn), `(${signIn.scripts.length} files; entry ${entry ? kb(entry.gzipBytes) : '?'}; ${kb(sent(signIn))} as sent)`));

    const reached = loads.filter((load) => load.finalPath === load.route);
    const redirected = loads.filter((load) => load.finalPath !== load.route);
    const largest = [...reached].sort((a, b) => gzip(b) - gzip(a))[0];
    if (!largest) throw new Error('no console route loaded signed in');
    setRow('largestRouteScript', judged('largestRouteScript', gzip(largest), `(${largest.route}, ${largest.scripts.length} files)`));

    const fontsSent = sum(signIn.fonts, (f) => f.sentBytes);
    setRow('fonts', judged('fonts', fontsSent, `(${signIn.fonts.length} files)`));

    notes.push(
      [
        `**Console JavaScript by route** (signed in as ${BENCH_ACCOUNT.email}, each route in a fresh browser context; gzip = every JavaScript response's decoded body gzipped by the bench at zlib's default level, the way the issue counts; "as sent" = the encoded bytes Chromium received, Content-Encoding: ${encodings}):`,
        '',
        '| Route | Files | gzip | as sent |',
        '|---|--:|--:|--:|',
        ...[signIn, ...reached].sort((a, b) => gzip(b) - gzip(a)).map((load) => `| ${load.route} | ${load.scripts.length} | ${kb(gzip(load))} | ${kb(sent(load))} |`),
        ...(redirected.length ? ['', `Not shown to this account (redirected): ${redirected.map((l) => `${l.route} → ${l.finalPath}`).join(', ')}.`] : []),
        '',
        `Entry chunk of /sign-in (index.html's module script): ${signIn.entry ?? 'not found'}${entry ? `, ${kb(entry.gzipBytes)} gzip` : ''}.`,
        '',
        `Fonts of /sign-in: ${signIn.fonts.map((f) => `${f.url.split('/').pop()} ${kb(f.sentBytes)}`).join(', ') || 'none'}.`,
      ].join('\n'),
    );
  } catch (error) {
    failAll(keys, error);
  }
}

// ---- 2. Lighthouse --------------------------------------------------------------------------

/**
 * A Chromium profile signed in through the console's form: the console keeps its session in
 * localStorage, which Lighthouse does not clear, so Lighthouse on this profile opens the dashboard.
 */
async function signedInProfile(url: string, dir: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.filter((flag) => flag !== '--headless') });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/sign-in`);
    await page.getByLabel('Email address').fill(BENCH_ACCOUNT.email);
    await page.getByLabel('Password', { exact: true }).fill(BENCH_ACCOUNT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname !== '/sign-in', { timeout: 30_000 });
  } finally {
    await context.close();
  }
}

const runsLine = (runs: LighthouseRun[]) => runs.map((r) => `${r.score}/${Math.round(r.lcpMs)}/${Math.round(r.tbtMs)}/${r.cls.toFixed(3)}`).join(', ');

async function measureLighthouse(app: RunningServer): Promise<void> {
  const chrome = await launchChrome();
  const lines: string[] = [];
  let dashboard: ReportRow;
  try {
    try {
      progress(`Lighthouse mobile /sign-in: 1 warm-up + ${LIGHTHOUSE_RUNS} runs…`);
      const runs = await lighthouseRuns(`${app.url}/sign-in`, chrome.port, LIGHTHOUSE_RUNS);
      const m = medianRun(runs);
      setRow('mobileScore', judged('mobileScore', m.score), informational('Lighthouse mobile, /sign-in: TBT', `${Math.round(m.tbtMs)} ms`));
      setRow('mobileLcp', judged('mobileLcp', m.lcpMs));
      setRow('mobileCls', judged('mobileCls', m.cls));
      lines.push(`mobile /sign-in: ${runsLine(runs)}`);
    } catch (error) {
      failAll(['mobileScore', 'mobileLcp', 'mobileCls'], error);
    }
    try {
      // The mobile runs just warmed the server for this page; Lighthouse empties the browser's cache itself.
      progress(`Lighthouse desktop /sign-in: ${LIGHTHOUSE_RUNS} runs…`);
      const runs = await lighthouseRuns(`${app.url}/sign-in`, chrome.port, LIGHTHOUSE_RUNS, { desktop: true, warm: true });
      const m = medianRun(runs);
      setRow('desktopLcp', judged('desktopLcp', m.lcpMs, `(score ${m.score})`));
      lines.push(`desktop /sign-in: ${runsLine(runs)}`);
    } catch (error) {
      failAll(['desktopLcp'], error);
    }
  } finally {
    chrome.kill();
  }
  // The dashboard in a Chromium of its own, on a profile signed in beforehand.
  const profile = mkdtempSync(join(tmpdir(), 'caredesk-budget-profile-'));
  try {
    await signedInProfile(app.url, profile);
    const signedIn = await launchChrome({ userDataDir: profile });
    try {
      progress(`Lighthouse mobile / (dashboard, signed in): 1 warm-up + ${LIGHTHOUSE_RUNS} runs…`);
      const runs = await lighthouseRuns(`${app.url}/`, signedIn.port, LIGHTHOUSE_RUNS);
      const m = medianRun(runs);
      // The issue sets no budget for the dashboard: shown beside /sign-in's, under the same conditions.
      dashboard = informational(
        'Lighthouse mobile, / (dashboard, signed in)',
        `score ${m.score}, LCP ${(m.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}`,
      );
      lines.push(`mobile / (dashboard): ${runsLine(runs)}`);
    } finally {
      signedIn.kill();
    }
  } catch (error) {
    dashboard = { ...informational('Lighthouse mobile, / (dashboard, signed in)', `failed: ${String(error).slice(0, 200)}`), verdict: 'FAILED' };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  setRow('mobileCls', ...(rows.get('mobileCls') ?? []), dashboard);
  notes.push(
    `**Lighthouse** 12.8.2, Debian's Chromium; mobile = default config (simulated slow 4G, 4x CPU), desktop = \`--preset=desktop\`; median of ${LIGHTHOUSE_RUNS} runs after a warm-up run of the page (desktop follows mobile's on the same page). Runs (score/LCP ms/TBT ms/CLS): ${lines.join('; ')}.`,
  );
}

// ---- 3. the SQL of each route, from PostgreSQL's statement log --------------------------------

/**
 * The statements one request to `path` ran, captured three times: a stray statement of a
 * background job in one window must not become part of the replay, so two captures must agree.
 */
async function captureRoute(app: RunningServer, token: string, path: string, logFile: string, database: string): Promise<RequestStatements> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  await (await fetch(`${app.url}${path}`, { headers })).text(); // warm: first-request work is not the route's
  const captures: RequestStatements[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await sleep(300);
    const offset = statSync(logFile).size;
    const from = Date.now();
    const res = await fetch(`${app.url}${path}`, { headers });
    await res.text();
    const to = Date.now();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    await sleep(300); // the log is written by the server's backends; let the lines land
    captures.push(statementsOfRequest(parseStatementLog(readFrom(logFile, offset), database), from, to));
  }
  // A route answered from memory runs no SQL: every capture empty. One empty beside others that are
  // not is a capture whose log lines had not landed.
  if (captures.every((capture) => capture.replay.length === 0)) return captures[0]!;
  const agreed = captures.find((capture, i) => capture.replay.length > 0 && captures.some((other, j) => j !== i && sameStatements(capture.replay, other.replay)));
  if (!agreed) throw new Error(`${path}: captures disagree (${captures.map((c) => c.replay.length).join('/')} statements)`);
  return agreed;
}

async function setLogStatement(client: pg.Client, database: string, on: boolean): Promise<void> {
  await client.query(on ? `alter database ${database} set log_statement = 'all'` : `alter database ${database} reset log_statement`);
}

async function captureSql(db: BenchDatabase): Promise<Map<string, RequestStatements>> {
  const client = await connectClient(db.url);
  const captured = new Map<string, RequestStatements>();
  try {
    const logFile = await statementLogFile(client);
    progress(`the SQL of ${API_ROUTES.map((r) => r.path).join(', ')}, from ${logFile}…`);
    // Only connections opened after this log their statements: the app starts after it.
    await setLogStatement(client, db.name, true);
    try {
      const app = await started(startServer(db.url));
      try {
        const token = await signInToken(app.url);
        for (const { path } of API_ROUTES) captured.set(path, await captureRoute(app, token, path, logFile, db.name));
      } finally {
        await stopNow(app);
      }
    } finally {
      await setLogStatement(client, db.name, false);
    }
  } finally {
    await client.end();
  }
  const lines = [...captured].map(([path, { replay, afterReply }]) =>
    [
      `- \`GET ${path}\`: ${replay.length} statements replayed${afterReply.length ? `; ${afterReply.length} run after the answer (not replayed)` : ''}:`,
      ...replay.map((q) => `  - \`${q.sql.replace(/\s+/g, ' ').slice(0, 160)}${q.sql.length > 160 ? '…' : ''}\``),
      ...afterReply.map((q) => `  - after the answer: \`${q.sql.replace(/\s+/g, ' ').slice(0, 100)}${q.sql.length > 100 ? '…' : ''}\``),
    ].join('\n'),
  );
  notes.push(
    `**The SQL replayed** (PostgreSQL's statement log, \`log_statement = 'all'\` on the bench's database while capturing; each route's statements up to its answer, with their logged parameters, run one after the other on one pooled client; a transaction the app began after the route's last statement outside one, or still open when the answer arrived, is its work after replying (the audit chain, batched under load) and is not replayed, so the app pays for it and the baseline does not):\n\n${lines.join('\n')}`,
  );
  return captured;
}

// ---- 4. throughput against the baselines ------------------------------------------------------

interface Target {
  name: string;
  server: RunningServer;
  path: string;
  token?: string;
}

async function load(target: Target, seconds: number): Promise<LoadResult> {
  return runLoad({
    url: `${target.server.url}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { accept: 'application/json', ...(target.token ? { authorization: `Bearer ${target.token}` } : {}) },
  });
}

async function measureRatios(db: BenchDatabase, captured: Map<string, RequestStatements> | undefined): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'caredesk-budget-'));
  cleanups.set({}, async () => rmSync(workDir, { recursive: true, force: true }));
  // The replay writes what the app wrote (an audit entry…): on a copy, so the app never sees it.
  const copy = captured ? await started(createBenchDatabase({ template: db.name }).then((c) => c ?? Promise.reject(new Error('no copy')))) : undefined;
  const app = await started(startServer(db.url));
  const hello = await started(startBaseline('hello'));
  let replay: RunningServer | undefined;
  if (copy && captured) {
    const file = join(workDir, 'replay.json');
    writeFileSync(file, JSON.stringify(Object.fromEntries([...captured].map(([path, c]) => [path, c.replay satisfies ReplayQuery[]]))));
    replay = await started(startBaseline('replay', { databaseUrl: copy.url, replayFile: file }));
  }
  const token = await signInToken(app.url);

  const targets: [Target, Target | undefined][] = [
    [
      { name: 'app GET /api/me', server: app, path: '/api/me', token },
      { name: 'bare Fastify hello', server: hello, path: '/hello' },
    ],
    ...API_ROUTES.filter((r) => r.path !== '/api/me').map(({ path }): [Target, Target | undefined] => [
      { name: `app GET ${path}`, server: app, path, token },
      replay && { name: `replay GET ${path}`, server: replay, path },
    ]),
  ];
  if (replay) targets[0]!.push({ name: 'replay GET /api/me', server: replay, path: '/api/me' });
  const all = targets.flatMap((pair) => pair.filter((t): t is Target => t !== undefined));

  progress(`throughput: ${all.length} targets × ${ROUNDS} rounds × ${DURATION_SECONDS} s, ${CONNECTIONS} connections…`);
  for (const target of all) await load(target, 1); // warm-up, not counted
  const results = new Map<string, LoadResult[]>(all.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    // App and baseline back to back, their order flipped every round: drift hits both alike.
    for (const group of targets) {
      const ordered = group.filter((t): t is Target => t !== undefined);
      for (const target of round % 2 === 0 ? ordered : [...ordered].reverse()) results.get(target.name)!.push(await load(target, DURATION_SECONDS));
    }
  }

  const mean = (name: string) => {
    const runs = results.get(name)!;
    return runs.reduce((s, r) => s + r.requestsPerSecond, 0) / runs.length;
  };
  const bad = (name: string) => results.get(name)!.reduce((s, r) => s + r.non2xx + r.errors, 0);
  const ratioRow = (key: BudgetKey, appName: string, baseName: string) => {
    if (bad(appName) || bad(baseName)) return failed(key, new Error(`${bad(appName)} failed answers from the app, ${bad(baseName)} from the baseline`));
    const a = mean(appName);
    const b = mean(baseName);
    // Each round's own ratio too: how far the machine's noise moved it.
    const byRound = results.get(appName)!.map((run, i) => (run.requestsPerSecond / results.get(baseName)![i]!.requestsPerSecond).toFixed(2));
    return judged(key, a / b, `(${a.toFixed(0)} ÷ ${b.toFixed(0)} req/s; by round ${byRound.join(', ')})`);
  };
  for (const { path, key } of API_ROUTES) {
    if (!replay) setRow(key, failed(key, new Error('no replay baseline')));
    else if (captured?.get(path)?.replay.length === 0) setRow(key, withoutSql(key, mean(`app GET ${path}`) / mean(`replay GET ${path}`)));
    else setRow(key, ratioRow(key, `app GET ${path}`, `replay GET ${path}`));
  }
  setRow('meHelloRatio', ratioRow('meHelloRatio', 'app GET /api/me', 'bare Fastify hello'));

  notes.push(
    [
      `**Throughput** (autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s per target after a 1 s warm-up, each app target next to its baseline, order flipped every round; the app built, NODE_ENV=production, on PostgreSQL with the demo data; the replay on a copy of that database):`,
      '',
      '| Target | req/s by round | mean req/s | p50 ms (last round) | p95 ms (last round) | non-2xx + errors |',
      '|---|---|--:|--:|--:|--:|',
      ...all.map((t) => {
        const runs = results.get(t.name)!;
        const last = runs[runs.length - 1]!;
        return `| ${t.name} | ${runs.map((r) => r.requestsPerSecond.toFixed(0)).join(' / ')} | ${mean(t.name).toFixed(0)} | ${last.p50} | ${last.p95} | ${bad(t.name)} |`;
      }),
    ].join('\n'),
  );
}

// ---- the longer benches' rows, from their own results ---------------------------------------

function fromResultsFile(key: BudgetKey, file: string, pick: (row: Record<string, string>) => boolean, describe: (text: string) => string): void {
  const path = join(repoRoot, 'bench/results', file);
  if (!existsSync(path)) return setRow(key, notMeasured(key, `no bench/results/${file} yet`));
  const text = readFileSync(path, 'utf8');
  const what = describe(text);
  const found = p95FromResults(text, pick);
  if (!found) return setRow(key, notMeasured(key, `no ${what} row in bench/results/${file}`));
  setRow(key, fromResults(key, found.p95, `${what}, bench/results/${file} of ${found.date}`));
}

function longerBenches(): void {
  fromResultsFile(
    'searchP95',
    'patient-search.md',
    // The budget is at 10 connections; the search bench measures 10 and 50, each in its conns column.
    (r) => r.database === 'PostgreSQL' && r.data?.startsWith('1M') === true && r.target?.startsWith('GET /api/patients') === true && r.conns === '10',
    () => 'GET /api/patients, 10 connections',
  );
  fromResultsFile(
    'bookingP95',
    'booking.md',
    (r) => r.target?.startsWith('POST /api/appointments') === true && r.conns === '10',
    () => 'POST /api/appointments, 10 connections',
  );
  npmTestRow();
}

/** `npm test` takes too long to run here: its row comes from the record of the last full run. */
function npmTestRow(): void {
  const path = join(repoRoot, 'bench/results/npm-test.md');
  if (!existsSync(path)) return setRow('npmTest', notMeasured('npmTest', 'no bench/results/npm-test.md yet: run `npm test`'));
  const run = npmTestFromResults(readFileSync(path, 'utf8'));
  if (!run) return setRow('npmTest', notMeasured('npmTest', 'bench/results/npm-test.md has no total'));
  if (run.failed > 0) return setRow('npmTest', notMeasured('npmTest', `the last run, of ${run.date}, had ${run.failed} failures`));
  setRow('npmTest', fromResults('npmTest', run.ms, `${run.passed} passed, bench/results/npm-test.md of ${run.date}`));
}

// ---- the run ----------------------------------------------------------------------------------

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  build();

  const db = await started(createBenchDatabase().then((d) => d ?? Promise.reject(new Error('no PostgreSQL: set DATABASE_URL or run one on 127.0.0.1:5432'))));
  progress(`database ${db.name}`);
  if (measures('bundles') || measures('lighthouse')) {
    const app = await started(startServer(db.url));
    if (measures('bundles')) await measureBundles(app);
    if (measures('lighthouse')) await measureLighthouse(app).catch((error: unknown) => failAll(['mobileScore', 'mobileLcp', 'mobileCls', 'desktopLcp'], error));
    await stopNow(app);
  }
  if (measures('api')) await measureApi(db);
  if (!ONLY) longerBenches();
  printAndWrite(loadAtStart);
}

async function measureApi(db: BenchDatabase): Promise<void> {
  let captured: Map<string, RequestStatements> | undefined;
  try {
    captured = await captureSql(db);
  } catch (error) {
    failAll(
      API_ROUTES.map((r) => r.key),
      error,
    );
    notes.push(`**The SQL replayed**: not captured (${(error as Error).message}).`);
  }
  try {
    await measureRatios(db, captured);
  } catch (error) {
    failAll(['meHelloRatio', ...(captured ? API_ROUTES.map((r) => r.key) : [])], error);
  }
}

function printAndWrite(loadAtStart: string): void {
  const order: BudgetKey[] = [
    'signInScript',
    'largestRouteScript',
    'fonts',
    'mobileScore',
    'mobileLcp',
    'mobileCls',
    'desktopLcp',
    'meRatio',
    'patientsRatio',
    'notificationsRatio',
    'meHelloRatio',
    'searchP95',
    'bookingP95',
    'npmTest',
  ];
  const report = order.flatMap((key) => rows.get(key) ?? (ONLY ? [] : [failed(key, new Error('not reached'))]));
  const table = reportTable(report);
  const code = exitCode(report);
  const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
  const summary = `${machineLine()}; load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end; ${minutes} min. Absolute figures are noisy on a shared machine; the ratios are measured side by side.`;
  console.log(`\n${table}\n\n${summary}\n${code ? 'Over budget (or a measurement failed): exit 1.' : 'Every measured budget met.'}`);
  if (ONLY) console.log(`\n${notes.join('\n\n')}`);
  else
    writeResult(
      'budget.md',
      `# Performance budgets (issue #18), ${new Date().toISOString()}\n\nCommand: \`npm run bench:budget\`. ${summary}\n\n${table}\n\n${notes.join('\n\n')}\n`,
    );
  process.exitCode = code || process.exitCode || 0;
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
