// A reference provider the test owns: its own port, data folder and kitchen pace, stopped and started again on the same port and data at will.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ownDatabase, type OwnRoom } from '../../support/postgres-admin';

export interface ProviderProcess {
  /** e.g. http://127.0.0.1:41234, serving the built app (dist/) and the API. */
  url: string;
  /** Its PGlite data folder (unused when it runs on PostgreSQL). */
  dataDir: string;
  /** Starts it again after stop(), on the same port and the same database. */
  start(): Promise<void>;
  /** Stops it the way Ctrl-C would, and waits until the port no longer answers. */
  stop(): Promise<void>;
  /** Ends it (at once unless it is the production start: nothing of it is kept) and deletes its data folder. */
  dispose(): Promise<void>;
}

/** Where the run's seeded PGlite data folder is, once the global setup has made it. */
export const TEMPLATE_ENV = 'E2E_PROVIDER_TEMPLATE';
/**
 * Where the run has a PostgreSQL server (DATABASE_URL, as on CI): the name of its seeded database, which each demo
 * provider gets a copy of instead of the PGlite folder. Postgres in WebAssembly was a fifth of the browser tests' CPU
 * (its start and every statement, the kitchen's and the print worker's included), on the cores the browsers need.
 */
export const TEMPLATE_DB_ENV = 'E2E_PROVIDER_TEMPLATE_DB';
/** Where the run's compiled provider is (`scripts/build-server.ts --demo`), once made; the sources run through tsx without. */
export const BUILD_ENV = 'E2E_PROVIDER_BUILD';

/**
 * Compiles the provider, the demo start included, into `out`. A run starts a provider some twenty times (a worker's,
 * a restart, a spec's own), and each start through tsx compiled the same sources again: over a second of CPU a start,
 * on the cores the browsers need. The folder is inside the repository, where the compiled code finds node_modules.
 */
export async function buildProvider(out: string): Promise<string> {
  const folder = resolve(out);
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', folder, '--demo']);
  return folder;
}

/** A folder of this run's own for buildProvider. */
export const providerBuildFolder = () => resolve('node_modules/.cache/amber-e2e', `provider-${process.pid}`);
/** The manager's password of the run's demo providers (PROVIDER_MANAGER_PASSWORD), the one the specs sign in with. */
export const E2E_MANAGER_PASSWORD = 'e2e-manager-password';

export interface ProviderProcessOptions {
  /** Seconds per kitchen step; 0 turns the kitchen off. */
  kitchenSeconds?: number;
  /** More environment for the provider (PROVIDER_MANAGER_PASSWORD…). */
  env?: Record<string, string>;
  /** A fixed port (a test run sharing the machine keeps to its own range); default any free one. */
  port?: number;
  /** `server/serve.ts`: the production start (no demo data unless PROVIDER_SEED=demo); default `server/main.ts`. */
  entry?: 'server/main.ts' | 'server/serve.ts';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/favicon.svg`)).ok;
  } catch {
    return false;
  }
}

export async function startProviderProcess({
  kitchenSeconds = 0,
  env = {},
  port: fixedPort,
  entry = 'server/main.ts',
}: ProviderProcessOptions = {}): Promise<ProviderProcess> {
  const port = fixedPort ?? (await freePort());
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-provider-'));
  // A demo provider on PGlite starts from the run's migrated and seeded database (tests/e2e/support/global-setup.ts)
  // instead of creating its own: the same data, without seconds of migrating and seeding for every spec.
  let database: OwnRoom | undefined;
  const [templateDb, server, template] = [
    process.env[TEMPLATE_DB_ENV],
    process.env.DATABASE_URL,
    process.env[TEMPLATE_ENV],
  ];
  if (entry === 'server/main.ts' && !env.DATABASE_URL) {
    if (templateDb && server) database = await ownDatabase(server, 'e2e_provider', templateDb);
    else if (template) await cp(template, dataDir, { recursive: true });
  }
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    if (child) throw new Error('The provider is already running');
    let output = '';
    const build = process.env[BUILD_ENV];
    const code = build
      ? [join(build, entry === 'server/main.ts' ? 'main.js' : 'serve.js')]
      : ['--import', 'tsx', entry];
    const spawned = spawn(process.execPath, code, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PROVIDER_DATA_DIR: dataDir,
        PROVIDER_KITCHEN_SECONDS: String(kitchenSeconds),
        STATIC_DIR: 'dist',
        // A few connections each: a run has up to eight providers up at once on a server that allows a hundred.
        ...(database ? { DATABASE_URL: database.url, PROVIDER_DB_POOL: '3' } : { DATABASE_URL: '' }),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    spawned.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    spawned.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(spawned, 'exit').then(([code]) => {
      throw new Error(`The provider exited with ${String(code)} before answering:\n${output}`);
    });
    // Listening is not enough: the first start also migrates and seeds. It is up when it serves a file.
    const up = (async () => {
      while (!(await answers(url))) await new Promise((resolve) => setTimeout(resolve, 100));
    })();
    try {
      await Promise.race([up, exited]);
    } catch (error) {
      child = undefined;
      throw error;
    }
    exited.catch(() => {});
  }

  async function stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const running = child;
    if (!running) return;
    child = undefined;
    if (running.exitCode === null && running.signalCode === null) {
      const exited = once(running, 'exit');
      running.kill(signal);
      await exited;
    }
  }

  await start();
  return {
    url,
    dataDir,
    start,
    stop: () => stop(),
    async dispose() {
      // A graceful stop drains open streams and flushes the database, a second or two a spec, for data about to be
      // deleted; stopping gracefully is tested where it is the subject (live.spec.ts, tests/server). The production
      // start is still stopped gracefully: it is the one that stops its worker processes.
      await stop(entry === 'server/main.ts' ? 'SIGKILL' : 'SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
