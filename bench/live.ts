// `npm run bench:live`: holds N guest streams on one provider process, moves orders, and prints how long each move took
// to reach the streams following its order (p50/p95/p99) and the provider's memory per stream. With DATABASE_URL, the
// same with the streams on one process and the moves made through another. A benchmark: it prints figures, on loopback.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openSse, type SseReader } from '../tests/support/sse-reader';
import { openLightSse } from './live-reader';
import { percentile } from './stats';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: process.env.LIVE_STREAMS ?? '1000' },
    moves: { type: 'string', default: process.env.LIVE_MOVES ?? '150' },
    'max-seconds': { type: 'string', default: '600' },
    // `light` (default): node:http and events split by hand; `fetch`: the tests' reader (fetch and web streams), which
    // costs the bench's own process more than the provider's delivery past a few thousand streams.
    reader: { type: 'string', default: 'light' },
  },
});
const openStream = (url: string, orderID: string, orderKey: string | undefined): Promise<SseReader> =>
  args.reader === 'fetch' ? openSse(url, { orderID, orderKey }) : openLightSse(url, orderID, orderKey);
const streamCount = Math.min(20_000, Math.max(1, Number(args.streams)));
const moveCount = Math.max(1, Number(args.moves));
const deadline = Date.now() + Number(args['max-seconds']) * 1000;
/** Each order is followed by this many streams, as a table of guests might. */
const STREAMS_PER_ORDER = 5;
const MOVE_GAP_MS = 20;

interface Provider {
  url: string;
  ask<T>(message: object): Promise<T>;
  stop(): Promise<void>;
}

async function startProviderProcess(env: Record<string, string>): Promise<Provider> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./live-provider.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, PROVIDER_KITCHEN_SECONDS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The provider exited with ${String(code)}`)));
    child.on('message', (message: { ready?: string; id?: number; result?: never; error?: string }) => {
      if (message.ready) resolve(message.ready);
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter || message.id === undefined) return;
      pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result as never);
    });
  });
  return {
    url,
    ask: <T>(message: object) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolve as (value: never) => void, reject });
        child.send({ ...message, id });
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send({ kind: 'stop' });
      }),
  };
}

/** The orders' ids, each with the key its guest's stream must present. */
const orderKeys = new Map<string, string>();

async function placeOrder(url: string, i: number): Promise<string> {
  const response = await fetch(`${url}/api/v1/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ table_id: 1 + (i % 12), items: [{ menu_id: 33, quantity: 1 }] }),
  });
  const placed = (await response.json()) as { orderID: string; order_key?: string };
  if (placed.order_key) orderKeys.set(placed.orderID, placed.order_key);
  return placed.orderID;
}

/** Ten at a time: 2,000 orders one by one took longer than the rest of the bench. */
async function placeOrders(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => i + j);
    ids.push(...(await Promise.all(batch.map((index) => placeOrder(url, index)))));
  }
  return ids;
}

interface Memory {
  rss: number;
  heap: number;
  streams: number;
}

/** The provider's memory once it stops shrinking: PGlite frees hundreds of MiB of start-up garbage over seconds. */
async function settledMemory(provider: Provider): Promise<Memory> {
  let last = await provider.ask<Memory>({ kind: 'memory' });
  for (let i = 0; i < 30; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await provider.ask<Memory>({ kind: 'memory' });
    const settled = Math.abs(next.heap - last.heap) < 1024 * 1024;
    last = next;
    if (settled) break;
  }
  return last;
}

async function run(label: string, holder: Provider, mover: Provider): Promise<void> {
  const orderCount = Math.ceil(streamCount / STREAMS_PER_ORDER);
  const orders = await placeOrders(holder.url, orderCount);
  const before = await settledMemory(holder);

  const opening = performance.now();
  const readers: { orderID: string; reader: SseReader }[] = [];
  // Opened in batches, so the provider is not asked for a thousand connections in the same instant.
  for (let i = 0; i < streamCount; i += 100) {
    const batch = Array.from({ length: Math.min(100, streamCount - i) }, (_, j) => orders[(i + j) % orderCount]!);
    readers.push(
      ...(await Promise.all(
        batch.map(async (orderID) => ({
          orderID,
          reader: await openStream(holder.url, orderID, orderKeys.get(orderID)),
        })),
      )),
    );
  }
  const refused = readers.filter(({ reader }) => reader.status !== 200).length;
  const openedIn = performance.now() - opening;
  const held = await settledMemory(holder);

  const latencies: number[] = [];
  const answerLatencies: number[] = [];
  let missing = 0;
  const byOrder = new Map<string, SseReader[]>();
  for (const { orderID, reader } of readers) byOrder.set(orderID, [...(byOrder.get(orderID) ?? []), reader]);

  let moves = 0;
  for (let i = 0; i < moveCount && Date.now() < deadline; i++) {
    // Each order moves at most three times (received → preparing → ready → served).
    const orderID = orders[i % orderCount]!;
    if (i >= orderCount * 3) break;
    const followers = byOrder.get(orderID) ?? [];
    const seen = followers.map((reader) => reader.events.length);
    const sent = performance.now();
    const status = await mover.ask<string>({ kind: 'advance', orderID });
    const answered = performance.now();
    moves += 1;
    await Promise.all(
      followers.map(async (reader, index) => {
        try {
          const event = await reader.waitFor(
            (candidate) => candidate.type === 'order' && (candidate.data as { status?: string }).status === status,
            10_000,
            seen[index],
          );
          latencies.push(event.at - sent);
          answerLatencies.push(Math.max(0, event.at - answered));
        } catch {
          missing += 1;
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, MOVE_GAP_MS));
  }

  // A dish sold out and back: every stream hears of it.
  const broadcast: number[] = [];
  let broadcastMissing = 0;
  for (let i = 0; i < 10 && Date.now() < deadline; i++) {
    const available = i % 2 === 1;
    // Each stream's first matching event is noted as it is read, set up before the change is asked for. A promise and a
    // timer per stream (waitFor) cost the bench's process more than reading the 10,000 events did.
    const arrivals = new Float64Array(readers.length).fill(Number.NaN);
    let arrived = 0;
    let allArrived = () => {};
    const everyStream = new Promise<void>((resolve) => (allArrived = resolve));
    readers.forEach(({ reader }, index) => {
      reader.onEvent = (event) => {
        if (!Number.isNaN(arrivals[index]!) || event.type !== 'menu') return;
        if ((event.data as { available?: boolean }).available !== available) return;
        arrivals[index] = event.at;
        arrived += 1;
        if (arrived === readers.length) allArrived();
      };
    });
    await mover.ask<boolean>({ kind: 'availability', menuId: 12, available });
    const answered = performance.now();
    const timeout = setTimeout(allArrived, 10_000);
    await everyStream;
    clearTimeout(timeout);
    for (const { reader } of readers) reader.onEvent = undefined;
    for (const at of arrivals) {
      if (Number.isNaN(at)) broadcastMissing += 1;
      else broadcast.push(Math.max(0, at - answered));
    }
  }
  broadcast.sort((a, b) => a - b);

  for (const { reader } of readers) reader.close();

  latencies.sort((a, b) => a - b);
  answerLatencies.sort((a, b) => a - b);
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const perStream = (bytes: number) => `${(bytes / Math.max(1, held.streams) / 1024).toFixed(1)} KiB`;
  const ms = (sorted: number[]) =>
    `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`;
  console.log(`\n${label}`);
  console.log(`  streams: ${held.streams} held (${refused} refused), opened in ${(openedIn / 1000).toFixed(1)} s`);
  console.log(`  moves: ${moves}, deliveries: ${latencies.length}, missing: ${missing}`);
  console.log(`  move's answer → event at the client: ${ms(answerLatencies)}`);
  console.log(`  move sent → event at the client:     ${ms(latencies)}`);
  console.log(
    `  a dish sold out, answer → event at every stream: ${ms(broadcast)} (${broadcast.length} deliveries, missing: ${broadcastMissing})`,
  );
  console.log(
    `  provider memory, no streams → ${held.streams} streams: JS heap ${mib(before.heap)} → ${mib(held.heap)} MiB (${perStream(held.heap - before.heap)} per stream), RSS ${mib(before.rss)} → ${mib(held.rss)} MiB (${perStream(held.rss - before.rss)} per stream)`,
  );
}

console.log(
  `Live events bench: ${streamCount} guest streams (${args.reader === 'fetch' ? 'fetch' : 'light'} reader), up to ${moveCount} moves, on loopback`,
);

const dataDir = await mkdtemp(join(tmpdir(), 'bench-live-'));
try {
  const single = await startProviderProcess({ PROVIDER_DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    await run('One provider process (PGlite): streams and moves on the same process', single, single);
  } finally {
    await single.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const schema = `bench_live_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const env = { DATABASE_URL: databaseUrl, LIVE_BENCH_SCHEMA: schema };
    const holder = await startProviderProcess(env);
    const mover = await startProviderProcess(env);
    try {
      await run('Two provider processes (PostgreSQL): streams on one, moves made through the other', holder, mover);
    } finally {
      await Promise.all([holder.stop(), mover.stop()]);
    }
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
} else {
  console.log('\n(Set DATABASE_URL for the same with two provider processes on PostgreSQL.)');
}
