/**
 * Chat delivery bench (issue #7): with CLIENTS signed-in WebSocket clients on /api/events of one
 * server process, how long from a staff member sending a chat message (POST
 * /api/chats/{patientId}/messages) to its chat.message event on another connected client, and to
 * the last of all the clients. One message at a time, so the figures are latency, not queueing.
 * PostgreSQL when one answers (DATABASE_URL or 127.0.0.1:5432), else PGlite.
 *
 *   npx tsc -b packages/shared apps/server && npm run bench:chat -w @caredesk/bench
 *
 * BENCH_CHAT_CLIENTS (1000) and BENCH_CHAT_SAMPLES (300) change the size.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { createBenchDatabase } from './postgres.ts';
import { signInToken } from './scenarios.ts';
import { serverBuilt, startServer } from './server.ts';
import { loadAverage, machineLine, percentiles, writeResult } from './stats.ts';
import { markdownTable } from './table.ts';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const SAMPLES = Number(process.env.BENCH_CHAT_SAMPLES ?? 300);
const WARM_UP = 20;
const TIMEOUT_MS = 10_000;
/** Sockets opened at once while connecting the crowd. */
const CONNECT_BATCH = 50;

/** Every client reports each chat.message's arrival here: message id -> arrival times. */
class Arrivals {
  private readonly seen = new Map<string, number[]>();
  private readonly waiters = new Map<string, { count: number; resolve: () => void }>();

  note(messageId: string, at: number): void {
    const times = this.seen.get(messageId) ?? [];
    times.push(at);
    this.seen.set(messageId, times);
    const waiter = this.waiters.get(messageId);
    if (waiter && times.length >= waiter.count) waiter.resolve();
  }

  /** Waits until `count` clients saw the message (or the timeout) and answers their arrival times. */
  async wait(messageId: string, count: number): Promise<number[]> {
    if ((this.seen.get(messageId)?.length ?? 0) < count) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, TIMEOUT_MS);
        this.waiters.set(messageId, {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
      this.waiters.delete(messageId);
    }
    const times = this.seen.get(messageId) ?? [];
    this.seen.delete(messageId);
    return times;
  }
}

async function openClient(url: string, token: string, index: number, receiverArrivals: Arrivals, crowdArrivals: Arrivals): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/events`);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as { type?: string; messageId?: string };
      if (message.type === 'ready') resolve();
      if (message.type !== 'chat.message' || !message.messageId) return;
      if (index === 0) receiverArrivals.note(message.messageId, at);
      crowdArrivals.note(message.messageId, at);
    });
  });
  return socket;
}

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const loadAtStart = loadAverage();
  // The bench sends far more than a person types: lift the per-sender limit for this server only.
  process.env.CHAT_SEND_RATE_LIMIT = '1000000';
  const postgres = await createBenchDatabase();
  const database = postgres ? 'PostgreSQL' : 'PGlite';
  console.log(`${database}: starting the server (migrations + demo seed)…`);
  const server = await startServer(postgres?.url);
  const sockets: WebSocket[] = [];
  const sendToReceiver: number[] = [];
  const sendToAll: number[] = [];
  const http: number[] = [];
  let missedReceiver = 0;
  let incomplete = 0;
  let failed = 0;
  try {
    const token = await signInToken(server.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const patients = (await (await fetch(`${server.url}/api/patients?pageSize=1`, { headers })).json()) as { data: { id: string }[] };
    const patientId = patients.data[0]!.id;

    const receiver = new Arrivals();
    const crowd = new Arrivals();
    console.log(`connecting ${CLIENTS} WebSocket clients…`);
    for (let start = 0; start < CLIENTS; start += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - start) }, (_, offset) => openClient(server.url, token, start + offset, receiver, crowd));
      sockets.push(...(await Promise.all(batch)));
    }

    console.log(`${SAMPLES} messages (+${WARM_UP} warm-up), one at a time…`);
    for (let round = 0; round < SAMPLES + WARM_UP; round += 1) {
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/chats/${patientId}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: `Bench message ${round}`, clientId: randomUUID() }),
      });
      const answered = performance.now();
      const message = (await response.json()) as { id?: string };
      if (response.status !== 201 || !message.id) {
        failed += 1;
        console.warn(`send answered ${response.status}: ${JSON.stringify(message)}`);
        continue;
      }
      const [atReceiver] = await receiver.wait(message.id, 1);
      const all = await crowd.wait(message.id, CLIENTS);
      if (round < WARM_UP) continue;
      http.push(answered - sent);
      if (atReceiver === undefined) missedReceiver += 1;
      else sendToReceiver.push(atReceiver - sent);
      if (all.length < CLIENTS) incomplete += 1;
      else sendToAll.push(Math.max(...all) - sent);
    }
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
    await postgres?.drop();
  }

  const row = (what: string, samples: number[], missed: number): string[] => {
    const p = percentiles(samples);
    return [what, String(p.samples), String(p.p50), String(p.p95), String(p.p99), String(p.max), String(missed)];
  };
  const table = markdownTable(
    ['measure', 'samples', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'missed'],
    [
      row('send → chat.message on a second client', sendToReceiver, missedReceiver),
      row(`send → chat.message on all ${CLIENTS} clients`, sendToAll, incomplete),
      row('send → HTTP 201', http, failed),
    ],
    1,
  );
  const note = [
    `${machineLine()}; ${database}, demo seed, one server process, ${CLIENTS} signed-in WebSocket clients of one organisation (all receive every chat.message); one message at a time, ${WARM_UP} warm-up messages not counted; all clocks read in the bench process.`,
    `missed: not seen within ${TIMEOUT_MS / 1000} s (for "all clients": at least one client missed it). Load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end.`,
  ].join('\n\n');
  console.log(`\n${table}\n\n${note}`);
  writeResult('chat-latency.md', `# Chat delivery bench, ${new Date().toISOString()}\n\n${note}\n\n${table}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
