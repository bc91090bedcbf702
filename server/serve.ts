// `npm run serve`: the production start, compiled to dist-server/serve.js. No demo data or accounts unless asked, and on
// PostgreSQL one process per core on one port (node:cluster; one core is left to a PostgreSQL on this machine), since
// every process shares its state through the database.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { AggregatorRegistry } from 'prom-client';
import {
  defaultGcThreads,
  defaultWorkers,
  paymentsWithoutStripe,
  readConfig,
  type GcThreads,
  type ProviderConfig,
} from './config';
import { describeStorage, openDatabaseWhenReachable } from './db/open-database';
import { createLogger, flushLog, log, useLogger } from './ops/log';
import { labelWorker, registry } from './ops/metrics';
import { guardProcess } from './ops/process-guards';
import { createRestartPolicy } from './ops/restart-policy';
import { closeWithin, STOP_STEPS_MS, stopWithin } from './ops/stop-process';
import { startProvider, type RunningProvider } from './start';

type Env = Record<string, string | undefined>;

export interface ServeSettings {
  /** Processes serving the port; always 1 on PGlite, which one process owns. */
  workers: number;
  /** PROVIDER_SEED=demo: seed the demo restaurant on first start (and make demo staff accounts if none exist). */
  demo: boolean;
  /** PROVIDER_GC: garbage collection in each process on its own thread, or with V8's helper threads. */
  gc: GcThreads;
}

export function readServeSettings(env: Env, config: ProviderConfig): ServeSettings {
  const seed = env.PROVIDER_SEED?.trim().toLowerCase() || 'none';
  if (seed !== 'none' && seed !== 'demo') throw new Error(`PROVIDER_SEED must be none or demo, not "${seed}"`);
  const raw = env.PROVIDER_WORKERS?.trim();
  const asked = raw ? Number(raw) : defaultWorkers(config, availableParallelism());
  if (!Number.isInteger(asked) || asked < 1) throw new Error(`PROVIDER_WORKERS must be a whole number of 1 or more`);
  if (config.storage.kind === 'pglite' && raw && asked > 1) {
    throw new Error('PROVIDER_WORKERS above 1 needs DATABASE_URL: a PGlite folder belongs to one process');
  }
  const gc = env.PROVIDER_GC?.trim().toLowerCase() || defaultGcThreads(config);
  if (gc !== 'single' && gc !== 'parallel') throw new Error(`PROVIDER_GC must be single or parallel, not "${gc}"`);
  return { workers: config.storage.kind === 'pglite' ? 1 : asked, demo: seed === 'demo', gc };
}

/**
 * The Node.js options each provider process is forked with: the primary's own, PROVIDER_GC's, and no pretenuring: V8
 * took a request's objects for long-lived (dozens of requests are in flight at each scavenge) and allocated them
 * straight in the old space, where they died (docs/decisions/no-pretenuring.md).
 */
export function workerExecArgv(settings: ServeSettings, primaryExecArgv: readonly string[]): string[] {
  return [
    ...primaryExecArgv,
    ...(settings.gc === 'single' ? ['--single-threaded-gc'] : []),
    '--no-allocation-site-pretenuring',
  ];
}

/** The signal that replaces the workers one at a time (a rolling restart, after an upgrade). */
export const ROLLING_RESTART_SIGNAL = 'SIGUSR2';

type FromWorker = { type: 'listening'; url: string } | { type: 'amber:metrics-request'; id: number };
type FromPrimary = { type: 'amber:metrics-answer'; id: number; text?: string };

// --- worker ---

let metricsRequests = 0;
const metricsAnswers = new Map<number, (text: string | undefined) => void>();

/** Every worker's figures, each line labelled with its worker: gathered by the primary, whichever worker is asked. */
function clusterMetrics(): Promise<string> {
  const id = ++metricsRequests;
  return new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => {
      metricsAnswers.delete(id);
      resolve(undefined);
    }, 3_000);
    metricsAnswers.set(id, (text) => {
      clearTimeout(timer);
      metricsAnswers.delete(id);
      resolve(text);
    });
    process.send?.({ type: 'amber:metrics-request', id } satisfies FromWorker);
    // A primary that cannot answer (a worker still starting may keep it waiting): this process's own figures.
  }).then((text) => text ?? registry.metrics());
}

async function runWorker(config: ProviderConfig, settings: ServeSettings, slot: number): Promise<RunningProvider> {
  process.on('message', (message: FromPrimary) => {
    if (message?.type === 'amber:metrics-answer') metricsAnswers.get(message.id)?.(message.text);
  });
  labelWorker(slot);
  const logger = createLogger({
    format: config.logFormat ?? 'json',
    level: config.logLevel ?? 'info',
    fields: { worker: slot },
  });
  useLogger(logger);
  guardProcess();
  const provider = await startProvider({
    ...config,
    database: await openDatabaseWhenReachable(config.storage),
    seed: settings.demo,
    demoStaff: settings.demo,
    payments: paymentsWithoutStripe(config, settings.demo),
    // One autopilot is enough: its moves are single statements, but N of them would only race for the same rows.
    kitchenSeconds: slot === 1 ? config.kitchenSeconds : 0,
    logger,
    readMetrics: clusterMetrics,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ event: 'stopping', signal }, `${signal}: finishing the requests in flight, then stopping`);
    // The drain has its grace period; a later step that never ends is named in the log, and the process goes anyway.
    const outcome = await closeWithin(provider, config.shutdownGraceMs + STOP_STEPS_MS / 2);
    await flushLog();
    process.exit(outcome === 'closed' ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // The rolling restart's signal is the primary's: a worker that gets it too (sent to the process group) ignores it.
  process.on(ROLLING_RESTART_SIGNAL, () => undefined);
  for (const account of provider.createdStaff) {
    console.log(`Demo staff account ${account.name} (${account.role}): ${account.password} (shown once)`);
  }
  return provider;
}

// --- primary ---

interface Started {
  worker: Worker;
  url: string;
  startedAt: number;
}

function forkWorker(slot: number): Promise<Started> {
  const worker = cluster.fork({ PROVIDER_WORKER_SLOT: String(slot) });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      if (message?.type === 'listening') resolve({ worker, url: message.url, startedAt: Date.now() });
    });
    worker.once('exit', (code, signal) =>
      reject(new Error(`Provider process ${slot} exited (${signal ?? code}) before listening`)),
    );
  });
}

async function runPrimary(config: ProviderConfig, settings: ServeSettings): Promise<void> {
  useLogger(
    createLogger({ format: config.logFormat ?? 'json', level: config.logLevel ?? 'info', fields: { role: 'primary' } }),
  );
  cluster.setupPrimary({ execArgv: workerExecArgv(settings, process.execArgv) });
  const slots = new Map<number, Started>();
  const slotOf = new Map<Worker, number>();
  /** Workers told to stop (rolling restart, shutdown): their exit is expected, not replaced. */
  const retiring = new Set<Worker>();
  const policy = createRestartPolicy();
  let stopping = false;

  const place = (slot: number, started: Started) => {
    slots.set(slot, started);
    slotOf.set(started.worker, slot);
  };

  // Any worker asked for GET /metrics gets every worker's figures (prom-client's cluster aggregator).
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: FromWorker) => {
    if (message?.type !== 'amber:metrics-request') return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: 'amber:metrics-answer', id: message.id, text } satisfies FromPrimary),
      () => worker.send({ type: 'amber:metrics-answer', id: message.id } satisfies FromPrimary),
    );
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ event: 'stopping', signal }, `${signal}: stopping the provider processes`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    void Promise.all(workers.map((worker) => stopWorker(worker, slotOf.get(worker)))).then(() =>
      flushLog().finally(() => process.exit(0)),
    );
  };

  /** SIGTERM, and SIGKILL for a process still there well after its grace period (logged). */
  const stopWorker = async (worker: Worker, slot: number | undefined) => {
    const limitMs = config.shutdownGraceMs + STOP_STEPS_MS;
    if ((await stopWithin(worker.process, limitMs)) === 'killed') {
      log.error(
        { event: 'process_killed', worker: slot, pid: worker.process.pid, limit_ms: limitMs },
        `Provider process ${slot ?? '?'} (pid ${worker.process.pid}) had not stopped ${limitMs} ms after SIGTERM: killed`,
      );
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  // The first process migrates (and seeds, when asked) alone; the others start on a ready database.
  const first = await forkWorker(1);
  place(1, first);
  await Promise.all(
    Array.from({ length: settings.workers - 1 }, async (_, index) => place(index + 2, await forkWorker(index + 2))),
  );
  const processes =
    `${settings.workers} process${settings.workers > 1 ? 'es' : ''}` +
    (settings.gc === 'single' ? ', garbage collected on one thread each' : '');
  log.info(
    {
      event: 'listening',
      url: first.url,
      processes: settings.workers,
      gc: settings.gc,
      storage: describeStorage(config.storage),
    },
    `Amber Table provider listening on ${first.url} (${processes}); storage: ${describeStorage(config.storage)}; app: ${config.staticDir}/`,
  );
  log.info(
    { event: 'table_keys', mode: config.tableKeys },
    config.tableKeys === 'required'
      ? `Tables: orders need the key of the table's printed QR code; print the codes from ${first.url}/staff/print (manager)`
      : 'PROVIDER_TABLE_KEYS=optional: anyone may order for any table without its QR code',
  );
  if (!config.manager && !settings.demo) {
    log.info({ event: 'no_manager' }, 'Set PROVIDER_MANAGER_PASSWORD to make sure a manager account exists');
  }

  function replace(slot: number, delayMs: number): void {
    setTimeout(() => {
      if (stopping) return;
      forkWorker(slot).then(
        (started) => {
          place(slot, started);
          log.info({ event: 'process_reforked', worker: slot, pid: started.worker.process.pid }, 'Process replaced');
        },
        (error: unknown) => log.error({ event: 'refork_failed', worker: slot, error: String(error) }, String(error)),
      );
    }, delayMs);
  }

  cluster.on('exit', (worker, code, signal) => {
    const slot = slotOf.get(worker);
    slotOf.delete(worker);
    if (stopping || retiring.delete(worker) || slot === undefined || slots.get(slot)?.worker !== worker) return;
    // A process that died is replaced, so the port keeps its capacity; its in-flight requests are lost to clients,
    // which retry with the same Idempotency-Key. One that keeps dying is replaced later and later, not in a storm.
    const delayMs = policy.delayAfter(Date.now() - (slots.get(slot)?.startedAt ?? 0));
    log.warn(
      { event: 'process_exited', worker: slot, pid: worker.process.pid, code, signal, refork_in_ms: delayMs },
      `Provider process ${slot} (pid ${worker.process.pid}) exited (${signal ?? code}); starting another in ${delayMs} ms`,
    );
    replace(slot, delayMs);
  });

  let rolling = false;
  async function rollingRestart(): Promise<void> {
    if (rolling || stopping) return;
    rolling = true;
    log.info({ event: 'rolling_restart' }, `${ROLLING_RESTART_SIGNAL}: replacing the processes one at a time`);
    try {
      for (const slot of [...slots.keys()].sort((a, b) => a - b)) {
        const old = slots.get(slot);
        // The new process listens before the old one stops taking connections: the port never loses capacity.
        const started = await forkWorker(slot);
        if (stopping) return;
        place(slot, started);
        if (old) {
          retiring.add(old.worker);
          await stopWorker(old.worker, slot);
        }
        log.info(
          { event: 'process_replaced', worker: slot, pid: started.worker.process.pid },
          `Provider process ${slot} replaced (pid ${started.worker.process.pid})`,
        );
      }
      log.info({ event: 'rolling_restart_done' }, 'Rolling restart done');
    } catch (error) {
      // A new process that cannot start (a bad upgrade): the old ones keep serving.
      log.error(
        { event: 'rolling_restart_failed', error: String(error) },
        'Rolling restart stopped: old processes kept',
      );
    } finally {
      rolling = false;
    }
  }

  process.on(ROLLING_RESTART_SIGNAL, () => void rollingRestart());
}

try {
  // In production an order needs its table's printed key: without it, one script can order for every table.
  const config = readConfig(process.env, { tableKeys: 'required' });
  const settings = readServeSettings(process.env, config);
  if (cluster.isPrimary) {
    await runPrimary(config, settings);
  } else {
    const provider = await runWorker(config, settings, Number(process.env.PROVIDER_WORKER_SLOT) || 1);
    const shown =
      config.host === '0.0.0.0' || config.host === '::' ? `http://localhost:${provider.port}` : provider.url;
    process.send?.({ type: 'listening', url: shown } satisfies FromWorker);
  }
} catch (error) {
  console.error(`Could not start the provider: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
