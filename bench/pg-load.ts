// `npm run load -- --database-url URL`: the compiled provider (npm run serve) on PostgreSQL under the order-placing load,
// then a guest mix (menu, summary, order reads), then pgbench with the provider's own placing statements on the same
// database, and the ratio of the two rates. A benchmark: it prints figures and fails only on lost or duplicated orders.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { LOAD_ORDER, readMenuVersion, runPgbench } from './pgbench';
import { providerListening } from './provider-listening';

export interface PgLoadOptions {
  databaseUrl: string;
  durationSeconds: number;
  connections: number;
  warmUpSeconds: number;
  /** Provider processes (PROVIDER_WORKERS); undefined: one per core. */
  workers?: number;
  /** Connections per process (PROVIDER_DB_POOL). */
  pool?: number;
  /** `compiled`: dist-server/serve.js (built first); `tsx`: server/serve.ts through tsx, to compare. */
  server: 'compiled' | 'tsx';
  /** Seconds per guest call in the mix; 0 skips it. */
  mixSeconds: number;
  /** Seconds of pgbench; 0 skips it. */
  pgbenchSeconds: number;
  /** Seconds into the measured run at which the primary is sent SIGUSR2 (a rolling restart); undefined: none. */
  rollingRestartAt?: number;
  /** A folder for each provider process's CPU profile (node --cpu-prof, written when the process stops). */
  cpuProfileDir?: string;
  /** A local PostgreSQL on a core of its own, the bench on the others (giveDatabaseACore). */
  databaseCore?: boolean;
  /** PROVIDER_GC for the provider's processes; undefined: its default. */
  gc?: 'single' | 'parallel';
}

const ORDER_BODY = JSON.stringify(LOAD_ORDER);
const LINES_PER_ORDER = LOAD_ORDER.items.length;
// As a phone's browser asks: it always accepts compressed answers, and the provider's cost depends on it.
const AUTH = { Authorization: 'Bearer demo-token', Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' };

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

/**
 * CPU seconds (user + system) a process and its children have used so far, from /proc (Linux; 0 elsewhere). CPU per
 * order is a steadier figure than orders per second on a shared machine, where the rate follows whoever else runs.
 */
function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  return processTree(pid).reduce((sum, each) => {
    try {
      const fields = readFileSync(`/proc/${each}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      // utime, stime are fields 14 and 15 of stat (11 and 12 here, after the pid and name are cut off), in ticks.
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * PostgreSQL's CPU seconds so far (the postmaster, its live backends and those it has reaped), when the server runs
 * on this machine and its data directory is readable; undefined otherwise. Set beside the provider's own CPU, it
 * tells whether an order costs more in the provider or in the database.
 */
async function postgresCpu(pid: number | undefined): Promise<(() => number) | undefined> {
  if (pid === undefined) return undefined;
  try {
    const reaped = () => {
      // cutime and cstime: fields 16 and 17 of stat, 13 and 14 here.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      return (Number(fields[13]) + Number(fields[14])) / 100;
    };
    reaped();
    return () => cpuSecondsOf(pid) + reaped();
  } catch {
    return undefined;
  }
}

/** `work` on a connection of its own to the database, closed after it whatever happens. */
async function withAdmin<T>(databaseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The postmaster's pid when PostgreSQL runs on this machine and its data directory is readable; else undefined. */
function postmasterPid(databaseUrl: string): Promise<number | undefined> {
  return withAdmin(databaseUrl, async (admin) => {
    try {
      const { rows } = await admin.query<{ dir: string }>("SELECT current_setting('data_directory') AS dir");
      const pid = Number(readFileSync(`${rows[0]?.dir}/postmaster.pid`, 'utf8').split('\n')[0]);
      return existsSync(`/proc/${pid}/stat`) ? pid : undefined;
    } catch {
      return undefined;
    }
  });
}

/** A process and its descendants, from /proc. */
function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [pid, ...children.flatMap((child) => processTree(Number(child)))];
  } catch {
    return [];
  }
}

const setCores = (pid: number, cores: string) =>
  spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)], { stdio: 'ignore' }).status === 0;

/**
 * `--database-core`: PostgreSQL (the postmaster, so every backend it forks from now on, and its running processes) on
 * the machine's last core, and this bench (so the provider, the load generator and pgbench's client) on the others: a
 * database with a core of its own, as on a machine of its own, where the provider's CPU no longer takes from it.
 * Returns what puts every process back on every core, or undefined when it cannot be done (taskset missing, one core,
 * PostgreSQL elsewhere or another user's).
 */
function giveDatabaseACore(postmaster: number | undefined): { core: number; undo: () => void } | undefined {
  const cores = availableParallelism();
  if (postmaster === undefined || cores < 2) return undefined;
  const all = `0-${cores - 1}`;
  if (!processTree(postmaster).every((pid) => setCores(pid, String(cores - 1)))) {
    processTree(postmaster).forEach((pid) => setCores(pid, all));
    return undefined;
  }
  setCores(process.pid, cores === 2 ? '0' : `0-${cores - 2}`);
  let undone = false;
  const undo = () => {
    if (undone) return;
    undone = true;
    for (const pid of [...processTree(postmaster), process.pid]) setCores(pid, all);
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
  };
  // A run stopped with Ctrl-C must not leave the database on one core. The handlers stay until every process is put
  // back: a second signal (tsx passes Ctrl-C on to this process as well) must not end it halfway.
  const interrupted = () => {
    undo();
    process.exit(130);
  };
  process.on('SIGINT', interrupted).on('SIGTERM', interrupted);
  return { core: cores - 1, undo };
}

async function startProvider(options: PgLoadOptions) {
  const profile = options.cpuProfileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`];
  // The cluster's processes are forked with the primary's node options, so each writes a profile of its own.
  const args = [
    ...profile,
    ...(options.server === 'compiled' ? ['dist-server/serve.js'] : ['--import', 'tsx', 'server/serve.ts']),
  ];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      PROVIDER_SEED: 'demo',
      PROVIDER_KITCHEN_SECONDS: '0',
      // The bench measures throughput on one table: the per-table limit (10 a minute by default) is lifted.
      PROVIDER_TABLE_ORDERS_PER_MINUTE: '0',
      // Orders are placed without the table's printed key, which the production start otherwise asks for.
      PROVIDER_TABLE_KEYS: 'optional',
      STATIC_DIR: 'bench/tmp/no-app',
      ...(options.workers === undefined ? {} : { PROVIDER_WORKERS: String(options.workers) }),
      ...(options.pool === undefined ? {} : { PROVIDER_DB_POOL: String(options.pool) }),
      ...(options.gc === undefined ? {} : { PROVIDER_GC: options.gc }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { url, output } = await providerListening(child);
  const processes = /\((\d+) process/.exec(output)?.[1] ?? '?';
  const gc = output.includes('garbage collected on one thread') ? 'single' : 'parallel';
  // The log goes on (a line per request): read and dropped, except the lines that say how a rolling restart went.
  const restartEvents: { event: string; at: number }[] = [];
  child.stdout.removeAllListeners('data');
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const event = /"event":"(rolling_restart\w*|process_replaced|process_exited|process_reforked)"/.exec(line)?.[1];
      if (event) restartEvents.push({ event, at: performance.now() });
    }
  });
  return {
    url,
    processes,
    gc,
    restartEvents,
    rollingRestart: () => child.kill('SIGUSR2'),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Keys {
  sent: Set<string>;
  answered: Set<string>;
  ok: Set<string>;
}

async function placeOrders(url: string, seconds: number, connections: number, prefix: string, keys: Keys) {
  let sent = 0;
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: `${url}/api/v1/orders`,
    connections,
    duration: seconds,
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: ORDER_BODY,
    requests: [
      {
        setupRequest(request, context) {
          // One fresh key per request: every request is a new order, never a retry.
          const key = `${prefix}-${(sent++).toString(36)}`;
          (context as { key?: string }).key = key;
          keys.sent.add(key);
          return { ...request, headers: { ...request.headers, 'Idempotency-Key': key } };
        },
        onResponse(status, _body, context) {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const key = (context as { key?: string }).key;
          if (!key) return;
          keys.answered.add(key);
          if (status >= 200 && status < 300) keys.ok.add(key);
        },
      },
    ],
  });
  return { result, statuses };
}

async function postOrder(url: string, key: string) {
  const response = await fetch(`${url}/api/v1/orders`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: ORDER_BODY,
  });
  return { status: response.status, body: (await response.json()) as { orderID: string; order_key?: string } };
}

type GuestCall = [name: string, path: string, headers: Record<string, string>];

async function guestMix(url: string, seconds: number, connections: number, calls: readonly GuestCall[]) {
  const rows: string[] = [];
  for (const [name, path, headers] of calls) {
    const result = await autocannon({
      url: `${url}/api/v1/${path}`,
      connections,
      duration: seconds,
      headers: { ...AUTH, ...headers },
    });
    rows.push(
      `  ${name.padEnd(20)} ${(result['2xx'] / result.duration).toFixed(0).padStart(6)} answers/s   p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${result.non2xx ? `, non-2xx ${result.non2xx}` : ''}`,
    );
  }
  return rows;
}

// pgbench vacuums its tables before a run unless told not to; the placing tables get the same before each measured
// window. Each run adds thousands of orders, so without it an autovacuum of the previous run's rows could land in the
// next 5 s window, on the same cores (the database's one core with --database-core), and be counted as placing's.
function vacuumPlacingTables(databaseUrl: string): Promise<void> {
  return withAdmin(databaseUrl, async (admin) => {
    await admin.query('VACUUM (ANALYZE) orders, order_lines, events, seatings, print_jobs');
  });
}

/**
 * Waits (at most a few seconds) until no connection to the database is running a statement or a transaction. A run
 * that autocannon ends cuts its requests off, but the provider still places those orders: without this, the next
 * measured window would start behind them.
 */
function drained(databaseUrl: string, timeoutMs = 5_000): Promise<void> {
  return withAdmin(databaseUrl, async (admin) => {
    for (const until = Date.now() + timeoutMs; Date.now() < until;) {
      const { rows } = await admin.query<{ busy: number }>(
        `SELECT count(*)::int AS busy FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')`,
      );
      if (rows[0]?.busy === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
}

function orderCounts(databaseUrl: string, serveRun?: string): Promise<string> {
  return withAdmin(databaseUrl, async (admin) => {
    // As the kitchen would: this run's orders served, so they are history rather than open orders.
    if (serveRun !== undefined) {
      await admin.query(`UPDATE orders SET status = 'served' WHERE idempotency_key LIKE $1`, [`load-${serveRun}-%`]);
    }
    const { rows } = await admin.query<{ open: number; total: number }>(
      `SELECT count(*) FILTER (WHERE status IN ('received', 'preparing'))::int AS open, count(*)::int AS total
         FROM orders`,
    );
    return `${rows[0]?.open} open orders of ${rows[0]?.total}`;
  });
}

export async function runPgLoad(options: PgLoadOptions): Promise<void> {
  console.log(`Load average before: ${load()} (a shared 2-core machine: every figure below is noisy)`);
  if (options.server === 'compiled') await run('npx', ['tsx', 'scripts/build-server.ts']);
  const postmaster = await postmasterPid(options.databaseUrl);
  const postgresSeconds = await postgresCpu(postmaster);
  const ownCore = options.databaseCore ? giveDatabaseACore(postmaster) : undefined;
  if (options.databaseCore) {
    console.log(
      ownCore
        ? `PostgreSQL on core ${ownCore.core} alone; the provider, the load generator and pgbench's client on the others`
        : 'PostgreSQL could not be given a core of its own (not on this machine, not ours, or taskset missing): run as usual',
    );
  }
  try {
    await measure(options, postgresSeconds);
  } finally {
    ownCore?.undo();
  }
}

async function measure(options: PgLoadOptions, postgresSeconds: (() => number) | undefined): Promise<void> {
  const provider = await startProvider(options);
  const runId = Date.now().toString(36);
  const keys: Keys = { sent: new Set(), answered: new Set(), ok: new Set() };
  let providerRate = 0;
  try {
    console.log(
      `POST ${provider.url}/api/v1/orders (${options.server} server, ${provider.processes} process(es), garbage collection ${provider.gc === 'single' ? 'on one thread' : 'with helper threads'}, pool ${options.pool ?? 10} each) from ${options.connections} connections: ${options.warmUpSeconds} s warm-up, then ${options.durationSeconds} s measured…`,
    );
    if (options.warmUpSeconds > 0) {
      await placeOrders(provider.url, options.warmUpSeconds, options.connections, `load-${runId}-w`, keys);
    }
    await vacuumPlacingTables(options.databaseUrl);
    // ANALYZE invalidates every connection's prepared plans: they are made again here, not in the measured window.
    await placeOrders(provider.url, 1, options.connections, `load-${runId}-s`, keys);
    await drained(options.databaseUrl);
    const cpuBefore = { provider: provider.cpuSeconds(), client: process.cpuUsage(), postgres: postgresSeconds?.() };
    const measuredFrom = performance.now();
    const restartTimer =
      options.rollingRestartAt === undefined
        ? undefined
        : setTimeout(() => provider.rollingRestart(), options.rollingRestartAt * 1000);
    const { result, statuses } = await placeOrders(
      provider.url,
      options.durationSeconds,
      options.connections,
      `load-${runId}`,
      keys,
    );
    // Requests cut off when time was up are retried with the same key, as a real client would.
    const cutOff = [...keys.sent].filter((key) => !keys.answered.has(key));
    await Promise.all(
      cutOff.map(async (key) => {
        const { status } = await postOrder(provider.url, key);
        if (status >= 200 && status < 300) keys.ok.add(key);
      }),
    );
    clearTimeout(restartTimer);
    const providerCpu = provider.cpuSeconds() - cpuBefore.provider;
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const postgresCpuUsed = (postgresSeconds?.() ?? 0) - (cpuBefore.postgres ?? 0);
    providerRate = result['2xx'] / result.duration;
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count}× ${status}`);
    console.log('');
    console.log(`Provider:  ${providerRate.toFixed(0)} orders/s (${result['2xx']} in ${result.duration.toFixed(1)} s)`);
    console.log(
      `Latency:   p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms (max ${result.latency.max} ms) at ${options.connections} connections`,
    );
    const perOrder = (seconds: number) => ((seconds * 1000) / Math.max(1, result['2xx'])).toFixed(2);
    console.log(
      `CPU:       provider ${perOrder(providerCpu)} ms per order (${providerCpu.toFixed(1)} s), load generator ${perOrder((clientCpu.user + clientCpu.system) / 1e6)} ms per order${postgresSeconds ? `, PostgreSQL ${perOrder(postgresCpuUsed)} ms per order` : ''}`,
    );
    console.log(`Answers:   ${answers.join(', ') || 'none'}; errors: ${result.errors}, timeouts: ${result.timeouts}`);
    if (options.rollingRestartAt !== undefined) {
      const at = (name: string) => provider.restartEvents.find((entry) => entry.event === name)?.at;
      const seconds = (time: number | undefined) =>
        time === undefined ? 'not seen' : `${((time - measuredFrom) / 1000).toFixed(1)} s`;
      const replaced = provider.restartEvents.filter((entry) => entry.event === 'process_replaced').length;
      console.log(
        `Rolling restart: asked at ${options.rollingRestartAt} s, began ${seconds(at('rolling_restart'))}, done ${seconds(at('rolling_restart_done'))} (${replaced} processes replaced); errors during the run: ${result.errors}, non-2xx: ${result.non2xx}`,
      );
    }
    console.log(`Load average during: ${load()}`);

    if (options.mixSeconds > 0) {
      const { body: order } = await postOrder(provider.url, `mix-${runId}`);
      const mix = (calls: readonly GuestCall[]) =>
        guestMix(provider.url, options.mixSeconds, options.connections, calls);
      console.log('');
      console.log(
        `Guest mix, ${options.mixSeconds} s per call at ${options.connections} connections (${await orderCounts(options.databaseUrl)}):`,
      );
      const rows = await mix([
        ['GET menu?cat_id=1', 'menu?cat_id=1', {}],
        ['GET summary', 'summary', {}],
        ['GET orders?orderID', `orders?orderID=${order.orderID}`, { 'X-Order-Key': order.order_key ?? '' }],
      ]);
      rows.forEach((row) => console.log(row));
      const counts = await orderCounts(options.databaseUrl, runId);
      (await mix([[`GET summary`, 'summary', {}]])).forEach((row) => console.log(`${row}   (${counts})`));
    }
  } finally {
    await provider.stop();
  }

  // One order per successful answer, each with all its lines.
  const stored = await withAdmin(options.databaseUrl, async (admin) => {
    const { rows } = await admin.query<{ idempotency_key: string; lines: number }>(
      `SELECT o.idempotency_key, count(l.line_id)::int AS lines
       FROM orders o LEFT JOIN order_lines l ON l.order_id = o.order_id
       WHERE o.idempotency_key LIKE $1
       GROUP BY o.order_id, o.idempotency_key`,
      [`load-${runId}-%`],
    );
    return rows;
  });
  const storedKeys = new Map<string, number>();
  for (const row of stored) storedKeys.set(row.idempotency_key, (storedKeys.get(row.idempotency_key) ?? 0) + 1);
  const lost = [...keys.ok].filter((key) => !storedKeys.has(key)).length;
  const duplicated = [...storedKeys.values()].reduce((sum, count) => sum + (count - 1), 0);
  const incomplete = stored.filter((row) => row.lines !== LINES_PER_ORDER).length;
  const unanswered = [...storedKeys.keys()].filter((key) => !keys.ok.has(key)).length;
  console.log('');
  console.log(
    `Orders in database: ${stored.length}; successful answers: ${keys.ok.size}; lost: ${lost}, duplicated: ${duplicated}, incomplete: ${incomplete}, without an answer: ${unanswered}`,
  );
  if (lost > 0 || duplicated > 0 || incomplete > 0 || unanswered > 0 || providerRate === 0) {
    console.error('The database does not hold exactly one order per successful answer.');
    process.exitCode = 1;
  }

  if (options.pgbenchSeconds > 0) {
    // PostgreSQL's own rate is its best: with as many clients as the load has connections, and with as many as the
    // provider holds (a pool each), which on a small database can be the faster of the two.
    const held = (options.pool ?? 10) * Number(provider.processes);
    const clientCounts = [...new Set([options.connections, ...(Number.isFinite(held) ? [held] : [])])];
    let best = 0;
    for (const clients of clientCounts) {
      console.log('');
      console.log(
        `pgbench: the provider's placing statements as it sends them (BEGIN, generic plans and PLACE_ORDER in one pipeline, then COMMIT), ${clients} clients, ${options.pgbenchSeconds} s…`,
      );
      await vacuumPlacingTables(options.databaseUrl);
      const postgresBefore = postgresSeconds?.() ?? 0;
      const bench = await runPgbench({
        databaseUrl: options.databaseUrl,
        menuVersion: await readMenuVersion(options.databaseUrl),
        order: LOAD_ORDER,
        connections: clients,
        seconds: options.pgbenchSeconds,
      });
      const postgresPerOrder = postgresSeconds
        ? `; PostgreSQL ${(((postgresSeconds() - postgresBefore) * 1000) / Math.max(1, bench.transactions)).toFixed(2)} ms CPU per order`
        : '';
      console.log(
        `pgbench:   ${bench.tps.toFixed(0)} orders/s, latency average ${bench.latencyAverageMs.toFixed(1)} ms, p99 ${bench.latencyP99Ms.toFixed(0)} ms${postgresPerOrder}`,
      );
      best = Math.max(best, bench.tps);
    }
    console.log(
      `Ratio:     the provider places ${((providerRate / best) * 100).toFixed(0)} % of PostgreSQL's own rate (pgbench's best; target ≥ 80 %)`,
    );
  }
  console.log(`Load average after: ${load()}`);
}
