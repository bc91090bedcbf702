// `npm run load`: posts orders with distinct Idempotency-Keys from many connections, then checks the database holds
// exactly one order per successful answer. A benchmark: it prints figures and fails only on lost or duplicated orders.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openPgliteDatabase } from '../server/db/pglite-database';
import { providerListening } from './provider-listening';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.LOAD_DURATION ?? '5' },
    connections: { type: 'string', default: process.env.LOAD_CONNECTIONS ?? '50' },
    'warm-up': { type: 'string', default: process.env.LOAD_WARMUP ?? '6' },
    // Internal: this file run again as the warm-up client (see warmUp()).
    'warm-up-client': { type: 'string' },
    'key-prefix': { type: 'string', default: 'load' },
    // PostgreSQL instead of PGlite: the compiled provider, a guest mix and pgbench on the same database (pg-load.ts).
    'database-url': { type: 'string', default: process.env.LOAD_DATABASE_URL },
    workers: { type: 'string' },
    pool: { type: 'string' },
    server: { type: 'string', default: 'compiled' },
    mix: { type: 'string', default: '3' },
    pgbench: { type: 'string' },
    // PostgreSQL only: send the primary SIGUSR2 this many seconds into the measured run (a rolling restart).
    'rolling-restart': { type: 'string' },
    // PostgreSQL only: a CPU profile of each provider process into this folder (open it in Chrome's DevTools).
    'cpu-prof': { type: 'string' },
    // PostgreSQL only, on this machine: the database on a core of its own, everything else on the others.
    'database-core': { type: 'boolean', default: false },
    // PostgreSQL only: PROVIDER_GC for the provider's processes (single or parallel), to compare with its default.
    gc: { type: 'string' },
  },
});
const durationSeconds = Number(args.duration);
const connections = Number(args.connections);
const warmUpSeconds = Number(args['warm-up']);
if (
  !(durationSeconds > 0) ||
  !(connections > 0) ||
  !(warmUpSeconds >= 0) ||
  (args.gc !== undefined && args.gc !== 'single' && args.gc !== 'parallel')
) {
  console.error(
    'Usage: npm run load -- [--duration seconds] [--connections n] [--warm-up seconds]  (or LOAD_DURATION, LOAD_CONNECTIONS, LOAD_WARMUP)\n' +
      '       [--database-url URL [--workers n] [--pool n] [--server compiled|tsx] [--mix seconds] [--pgbench seconds]\n' +
      '        [--rolling-restart seconds] [--cpu-prof dir] [--database-core] [--gc single|parallel]]',
  );
  process.exit(2);
}

const ORDER = JSON.stringify({
  table_id: 5,
  items: [
    { menu_id: 33, quantity: 2, note: 'extra basil' },
    { menu_id: 47, quantity: 1 },
  ],
});
const LINES_PER_ORDER = 2;

async function postOrder(baseUrl: string, key: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: ORDER,
  });
  await response.arrayBuffer();
  return response.status;
}

interface KeyLog {
  sent: string[];
  answered: string[];
  ok: string[];
}

/** The warm-up client: fetch loops for a while, then the keys it used on stdout. */
async function runWarmUpClient(baseUrl: string, prefix: string): Promise<void> {
  const log: KeyLog = { sent: [], answered: [], ok: [] };
  const end = Date.now() + warmUpSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const key = `${prefix}-${log.sent.length.toString(36)}`;
        log.sent.push(key);
        const status = await postOrder(baseUrl, key);
        log.answered.push(key);
        if (status >= 200 && status < 300) log.ok.push(key);
      }
    }),
  );
  process.stdout.write(JSON.stringify(log));
}

/**
 * PGlite is WebAssembly: for its first seconds under load V8 is still optimising the hot code, and a cold start
 * shows latencies that say nothing about the steady state. The warm-up runs in a process of its own, because
 * autocannon reports multi-second latencies the server never had when its process has done HTTP work before.
 * Warm-up orders are checked like all others at the end, but they are not part of the figures.
 */
async function warmUp(baseUrl: string, prefix: string): Promise<KeyLog> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--warm-up-client',
      baseUrl,
      '--key-prefix',
      prefix,
      '--warm-up',
      String(warmUpSeconds),
      '--connections',
      String(connections),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`The warm-up client exited with ${code}`);
  return JSON.parse(output) as KeyLog;
}

/** Runs the provider as `npm run provider` would, in its own process, so the load generator does not share its CPU. */
async function startProviderProcess(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PROVIDER_DATA_DIR: dataDir,
      PROVIDER_KITCHEN_SECONDS: '0',
      // The bench measures throughput on one table: the per-table limit (10 a minute by default) is lifted.
      PROVIDER_TABLE_ORDERS_PER_MINUTE: '0',
      DATABASE_URL: '',
      STATIC_DIR: join(dataDir, 'no-app'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { url } = await providerListening(child);
  return {
    url,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function runBenchmark(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'provider-load-'));
  try {
    console.log(`Starting a provider on a fresh PGlite database in ${dataDir} (kitchen off)…`);
    const provider = await startProviderProcess(dataDir);
    console.log(
      `POST ${provider.url}/api/v1/orders from ${connections} connections: ${warmUpSeconds} s warm-up, then ${durationSeconds} s measured…`,
    );

    const runId = Date.now().toString(36);
    const sentKeys = new Set<string>();
    const answered = new Set<string>();
    const answeredOk = new Set<string>();

    if (warmUpSeconds > 0) {
      const log = await warmUp(provider.url, `load-${runId}-w`);
      log.sent.forEach((key) => sentKeys.add(key));
      log.answered.forEach((key) => answered.add(key));
      log.ok.forEach((key) => answeredOk.add(key));
      console.log(`Warm-up: ${log.ok.length} orders in ${warmUpSeconds} s (not in the figures)`);
    }

    let sent = 0;
    const statuses = new Map<number, number>();
    const result = await autocannon({
      url: `${provider.url}/api/v1/orders`,
      connections,
      duration: durationSeconds,
      method: 'POST',
      headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', Accept: 'application/json' },
      body: ORDER,
      requests: [
        {
          setupRequest(request, context) {
            // One fresh key per request: every request is a new order, never a retry.
            const key = `load-${runId}-${(sent++).toString(36)}`;
            (context as { key?: string }).key = key;
            sentKeys.add(key);
            return { ...request, headers: { ...request.headers, 'Idempotency-Key': key } };
          },
          onResponse(status, _body, context) {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            const key = (context as { key?: string }).key;
            if (key) answered.add(key);
            if (status >= 200 && status < 300 && key) answeredOk.add(key);
          },
        },
      ],
    });

    // autocannon cuts off the requests in flight when time is up. A real client would retry those with the same
    // key, so do that: each must answer 200 with the order it already placed, or 201 if it never arrived.
    const cutOff = [...sentKeys].filter((key) => !answered.has(key));
    const retried = { replayed: 0, placed: 0, failed: 0 };
    await Promise.all(
      cutOff.map(async (key) => {
        const status = await postOrder(provider.url, key);
        if (status === 200) retried.replayed++;
        else if (status === 201) retried.placed++;
        else retried.failed++;
        if (status >= 200 && status < 300) answeredOk.add(key);
      }),
    );
    await provider.stop();

    // The provider has stopped, so PGlite's single connection is free for counting.
    const db = await openPgliteDatabase(dataDir);
    const stored = await db.query<{ idempotency_key: string; lines: number }>(
      `SELECT o.idempotency_key, count(l.line_id)::int AS lines
       FROM orders o LEFT JOIN order_lines l ON l.order_id = o.order_id
       GROUP BY o.order_id, o.idempotency_key`,
    );
    await db.close();

    const storedKeys = new Map<string, number>();
    for (const row of stored) storedKeys.set(row.idempotency_key, (storedKeys.get(row.idempotency_key) ?? 0) + 1);
    const lost = [...answeredOk].filter((key) => !storedKeys.has(key)).length;
    const duplicated = [...storedKeys.values()].reduce((sum, count) => sum + (count - 1), 0);
    const incomplete = stored.filter((row) => row.lines !== LINES_PER_ORDER).length;
    const unanswered = [...storedKeys.keys()].filter((key) => !answeredOk.has(key)).length;

    const ok = result['2xx'];
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count}× ${status}`);
    console.log('');
    console.log(
      `Orders placed:      ${ok} in ${result.duration.toFixed(1)} s = ${(ok / result.duration).toFixed(0)} orders/s`,
    );
    console.log(
      `Latency:            p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms (max ${result.latency.max} ms)`,
    );
    console.log(
      `Answers:            ${answers.join(', ') || 'none'}; non-2xx: ${result.non2xx}, errors: ${result.errors}, timeouts: ${result.timeouts}`,
    );
    console.log(
      `Cut off at the end: ${cutOff.length}, retried with the same key: ${retried.replayed}× 200 (already placed), ${retried.placed}× 201, ${retried.failed} failed`,
    );
    console.log(
      `Orders in database: ${stored.length}; successful answers: ${answeredOk.size}; orders without one: ${unanswered}`,
    );
    console.log(`lost: ${lost}, duplicated: ${duplicated}${incomplete ? `, incomplete: ${incomplete}` : ''}`);

    if (lost > 0 || duplicated > 0 || incomplete > 0 || unanswered > 0 || ok === 0) {
      console.error(
        ok === 0
          ? 'No order was placed at all.'
          : 'The database does not hold exactly one order per successful answer.',
      );
      process.exitCode = 1;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const optionalNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

if (args['warm-up-client']) await runWarmUpClient(args['warm-up-client'], args['key-prefix']);
else if (args['database-url']) {
  const { runPgLoad } = await import('./pg-load');
  await runPgLoad({
    databaseUrl: args['database-url'],
    durationSeconds,
    connections,
    warmUpSeconds,
    workers: optionalNumber(args.workers),
    pool: optionalNumber(args.pool),
    server: args.server === 'tsx' ? 'tsx' : 'compiled',
    mixSeconds: Number(args.mix),
    pgbenchSeconds: optionalNumber(args.pgbench) ?? durationSeconds,
    rollingRestartAt: optionalNumber(args['rolling-restart']),
    cpuProfileDir: args['cpu-prof'],
    databaseCore: args['database-core'],
    gc: args.gc === 'single' || args.gc === 'parallel' ? args.gc : undefined,
  });
} else await runBenchmark();
