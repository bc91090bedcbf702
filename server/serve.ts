// `npm run serve`: the production start, compiled to dist-server/serve.js. No demo data or accounts unless asked, and on
// PostgreSQL one process per core on one port (node:cluster), since every process shares its state through the database.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { paymentsWithoutStripe, readConfig, type ProviderConfig } from './config';
import { describeStorage } from './db/open-database';
import { startProvider, type RunningProvider } from './start';

type Env = Record<string, string | undefined>;

export interface ServeSettings {
  /** Processes serving the port; always 1 on PGlite, which one process owns. */
  workers: number;
  /** PROVIDER_SEED=demo: seed the demo restaurant on first start (and make demo staff accounts if none exist). */
  demo: boolean;
}

export function readServeSettings(env: Env, config: ProviderConfig): ServeSettings {
  const seed = env.PROVIDER_SEED?.trim().toLowerCase() || 'none';
  if (seed !== 'none' && seed !== 'demo') throw new Error(`PROVIDER_SEED must be none or demo, not "${seed}"`);
  const raw = env.PROVIDER_WORKERS?.trim();
  const asked = raw ? Number(raw) : availableParallelism();
  if (!Number.isInteger(asked) || asked < 1) throw new Error(`PROVIDER_WORKERS must be a whole number of 1 or more`);
  if (config.storage.kind === 'pglite' && raw && asked > 1) {
    throw new Error('PROVIDER_WORKERS above 1 needs DATABASE_URL: a PGlite folder belongs to one process');
  }
  return { workers: config.storage.kind === 'pglite' ? 1 : asked, demo: seed === 'demo' };
}

interface Listening {
  type: 'listening';
  url: string;
}

async function runWorker(config: ProviderConfig, settings: ServeSettings, first: boolean): Promise<RunningProvider> {
  const provider = await startProvider({
    ...config,
    seed: settings.demo,
    demoStaff: settings.demo,
    payments: paymentsWithoutStripe(config, settings.demo),
    // One autopilot is enough: its moves are single statements, but N of them would only race for the same rows.
    kitchenSeconds: first ? config.kitchenSeconds : 0,
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await provider.close().catch((error: unknown) => console.error('Could not stop cleanly:', error));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  for (const account of provider.createdStaff) {
    console.log(`Demo staff account ${account.name} (${account.role}): ${account.password} (shown once)`);
  }
  return provider;
}

function forkWorker(first: boolean): Promise<{ worker: Worker; url: string }> {
  const worker = cluster.fork({ PROVIDER_FIRST_WORKER: first ? '1' : '' });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: Listening) => {
      if (message?.type === 'listening') resolve({ worker, url: message.url });
    });
    worker.once('exit', (code) => reject(new Error(`A provider process exited with ${code} before listening`)));
  });
}

async function runPrimary(config: ProviderConfig, settings: ServeSettings): Promise<void> {
  // The first process migrates (and seeds, when asked) alone; the others start on a ready database.
  const started = await forkWorker(true);
  const { url } = started;
  let kitchenWorker = started.worker;
  await Promise.all(Array.from({ length: settings.workers - 1 }, () => forkWorker(false)));
  console.log(
    `Amber Table provider listening on ${url} (${settings.workers} process${settings.workers > 1 ? 'es' : ''})`,
  );
  console.log(`  Storage: ${describeStorage(config.storage)}`);
  console.log(`  App:     ${config.staticDir}/`);
  if (!config.manager && !settings.demo) {
    console.log('  Staff:   set PROVIDER_MANAGER_PASSWORD to make sure a manager account exists');
  }

  let stopping = false;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // A process that died is replaced, so the port keeps its capacity; its in-flight requests are lost to clients,
    // which retry with the same Idempotency-Key.
    console.error(`Provider process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    const first = worker === kitchenWorker;
    forkWorker(first)
      .then((replacement) => {
        if (first) kitchenWorker = replacement.worker;
      })
      .catch((error: unknown) => console.error(String(error)));
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping ${settings.workers} provider process(es)…`);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

try {
  const config = readConfig();
  const settings = readServeSettings(process.env, config);
  if (cluster.isPrimary) {
    await runPrimary(config, settings);
  } else {
    const provider = await runWorker(config, settings, process.env.PROVIDER_FIRST_WORKER === '1');
    const shown =
      config.host === '0.0.0.0' || config.host === '::' ? `http://localhost:${provider.port}` : provider.url;
    process.send?.({ type: 'listening', url: shown } satisfies Listening);
  }
} catch (error) {
  console.error(`Could not start the provider: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
