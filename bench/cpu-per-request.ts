/**
 * CPU per request of one route, for a machine too busy for wall-clock req/s to mean much: the
 * server process's utime + stime, its PostgreSQL backends' (the pool's connections, sampled through
 * the run) and the load generator's own, over a fixed number of requests at 10 connections
 * (BENCH_CONNECTIONS), from /proc (Linux only).
 *
 *   BENCH_LOADED_URL=postgres://…/kept BENCH_TARGET=search|header|booking|me [BENCH_REQUESTS=3000] \
 *     npx tsx bench/cpu-per-request.ts
 *
 * BENCH_PROFILE=1 runs the server under `node --cpu-prof` (the profile lands in the working dir).
 */
import { readFileSync } from 'node:fs';
import { benchOrganisation, freePlaces } from './appointments.ts';
import { runLoad } from './load.ts';
import { connectClient } from './postgres.ts';
import { SEARCH_TERMS } from './patient-data.ts';
import { signInToken } from './scenarios.ts';
import { serverBuilt, startServer } from './server.ts';
import { loadAverage } from './stats.ts';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

function cpuTicks(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime is the 14th field of the line, stime the 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const url = process.env.BENCH_LOADED_URL;
  if (!url) throw new Error('BENCH_LOADED_URL is required');
  const target = process.env.BENCH_TARGET ?? 'search';
  const amount = Number(process.env.BENCH_REQUESTS ?? 3000);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const server = await startServer(url, { nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/speed-prof'] : [] });
  const client = await connectClient(url);
  try {
    let token = await signInToken(server.url);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' };
    let requests: NonNullable<Parameters<typeof runLoad>[0]['requests']>;
    let next = 0;
    if (target === 'booking') {
      const org = await benchOrganisation(client);
      const { bookings } = await freePlaces(server.url, token, org, amount);
      if (bookings.length < amount) throw new Error(`only ${bookings.length} free places`);
      token = await signInToken(server.url);
      headers.authorization = `Bearer ${token}`;
      requests = [{ method: 'POST', path: '/api/appointments', setupRequest: (r) => ({ ...r, body: JSON.stringify(bookings[next++]) }) }];
    } else if (target === 'me') {
      requests = [{ method: 'GET', path: '/api/me' }];
    } else {
      const path = (term: string) => (target === 'header' ? `/api/search?q=${encodeURIComponent(term)}&limit=8` : `/api/patients?search=${encodeURIComponent(term)}&pageSize=25`);
      requests = [{ method: 'GET', setupRequest: (r) => ({ ...r, path: path(SEARCH_TERMS[next++ % SEARCH_TERMS.length]!) }) }];
    }
    // Warm-up (JIT, prepared statements on every pool connection), not counted.
    if (target !== 'booking') await runLoad({ url: server.url, connections, amount: 500, headers, requests });
    // The database's CPU: its backends' ticks, sampled during the run as well as at its ends, so a
    // backend the pool closes (idle timeout) or opens meanwhile still counts up to its last sample.
    const backendTicks = new Map<number, { first: number; last: number }>();
    const sampleBackends = async (initial: boolean) => {
      const pids = (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows;
      for (const { pid } of pids) {
        const ticks = cpuTicks(pid);
        const known = backendTicks.get(pid);
        if (known) known.last = Math.max(known.last, ticks);
        else backendTicks.set(pid, { first: initial ? ticks : 0, last: ticks });
      }
    };
    await sampleBackends(true);
    const serverPid = server.pid ?? 0;
    const before = { node: cpuTicks(serverPid), bench: process.cpuUsage() };
    const load = loadAverage();
    next = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await new Promise((r) => setTimeout(r, 250));
        await sampleBackends(false);
      }
    })();
    const result = await runLoad({ url: server.url, connections, amount, headers, requests });
    const afterNode = cpuTicks(serverPid);
    const bench = process.cpuUsage(before.bench);
    sampling = false;
    await sampler;
    await sampleBackends(false);
    const pgTicks = [...backendTicks.values()].reduce((sum, { first, last }) => sum + last - first, 0);
    const perRequest = (ticks: number) => ((ticks / TICKS_PER_SECOND / amount) * 1000).toFixed(3);
    console.log(
      JSON.stringify({
        target,
        amount,
        connections,
        statuses: Object.fromEntries(result.statuses),
        reqPerSec: Math.round(result.requestsPerSecond),
        p50: result.p50,
        p95: result.p95,
        nodeCpuMsPerRequest: perRequest(afterNode - before.node),
        pgCpuMsPerRequest: perRequest(pgTicks),
        // autocannon's own share of the machine (this process, sampler included).
        benchCpuMsPerRequest: ((bench.user + bench.system) / 1000 / amount).toFixed(3),
        pgBackends: backendTicks.size,
        load: `${load} -> ${loadAverage()}`,
      }),
    );
  } finally {
    await client.end();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
