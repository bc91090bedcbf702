// `npm run serve`: the compiled provider (dist-server/serve.js) starts from its own folder, finds its migrations and
// dish images there, seeds nothing unless PROVIDER_SEED=demo, stops cleanly on SIGTERM, and on PostgreSQL replaces its
// processes one at a time (SIGUSR2) without failing an order.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { parse } from 'pg-connection-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOnThisMachine } from '../../server/db/connection-url';
import { urlWithSchema } from '../support/provider-child';
import { callApi, freshPgliteDir, SAMPLE_ORDER, type TempDir } from './helpers';

const databaseUrl = process.env.DATABASE_URL;

const OUT = 'dist-server';

async function serve(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [`${OUT}/serve.js`], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      PROVIDER_DATA_DIR: dataDir,
      PROVIDER_WORKERS: '',
      PROVIDER_SEED: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve.js exited with ${code}:\n${output}`)));
  });
  return {
    url,
    child,
    output: () => output,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The command lines of the primary's provider processes (Linux's /proc), each as its arguments. */
function processArguments(primaryPid: number | undefined): string[][] {
  const children = readFileSync(`/proc/${primaryPid}/task/${primaryPid}/children`, 'utf8').trim().split(/\s+/);
  return children.filter(Boolean).map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
}

describe('npm run serve (the compiled provider)', () => {
  let dataDir: TempDir;
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts']);
    dataDir = await freshPgliteDir('provider-serve');
  }, 120_000);
  afterAll(async () => {
    await dataDir?.remove();
  });

  it('is built into dist-server/ with its migrations and images, and no TypeScript is needed to run it', () => {
    expect(existsSync(`${OUT}/serve.js`)).toBe(true);
    expect(existsSync(`${OUT}/migrations/001_initial.sql`)).toBe(true);
    expect(existsSync(`${OUT}/images/dishes/beer-1.svg`)).toBe(true);
  });

  it('starts with an empty restaurant, then seeds the demo only when asked, and stops on SIGTERM', async () => {
    const bare = await serve(dataDir.path);
    try {
      expect(bare.output()).toContain('(1 process)');
      // PGlite runs in the provider's process: V8's helper threads are the database's too.
      expect(processArguments(bare.child.pid)).toEqual([expect.not.arrayContaining(['--single-threaded-gc'])]);
      // Whatever the storage, a request's objects are not taken for long-lived ones (decisions/no-pretenuring.md).
      expect(processArguments(bare.child.pid)).toEqual([expect.arrayContaining(['--no-allocation-site-pretenuring'])]);
      const menu = await callApi(bare.url, 'menu');
      expect(menu.status).toBe(200);
      expect(await menu.json()).toEqual([]);
    } finally {
      expect(await bare.stop()).toEqual([0, null]);
    }

    const demo = await serve(dataDir.path, { PROVIDER_SEED: 'demo' });
    try {
      expect(((await (await callApi(demo.url, 'tables')).json()) as unknown[]).length).toBe(12);
      // The production start wants the table's printed key with every order, and says where to print the codes.
      expect(demo.output()).toMatch(
        /orders need the key of the table's printed QR code; print the codes from \S+\/staff\/print/,
      );
      const keyless = await callApi(demo.url, 'orders', {
        method: 'POST',
        body: JSON.stringify({ table_id: 1, items: [{ menu_id: 33, quantity: 1 }] }),
      });
      expect(keyless.status).toBe(403);
      expect(await keyless.json()).toMatchObject({ error: { code: 'table_key' } });
      const summary = await callApi(demo.url, 'summary');
      expect(await summary.json()).toMatchObject({ open_orders: 0, tables_total: 12 });
      const image = await fetch(`${demo.url}/images/dishes/beer-1.svg`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/svg');
    } finally {
      expect(await demo.stop()).toEqual([0, null]);
    }
  }, 90_000);

  it('refuses a PROVIDER_GC it does not know, naming the two it does', async () => {
    await expect(serve(dataDir.path, { PROVIDER_GC: 'fast' })).rejects.toThrow(
      /PROVIDER_GC must be single or parallel, not "fast"/,
    );
  });

  it('refuses several processes on PGlite, whose folder one process owns', async () => {
    await expect(serve(dataDir.path, { PROVIDER_WORKERS: '2' })).rejects.toThrow(
      /PROVIDER_WORKERS above 1 needs DATABASE_URL/,
    );
  });

  // A server on this machine: its socket folder is here too (a remote server's is not).
  if (databaseUrl && databaseOnThisMachine(databaseUrl)) {
    it('starts on a DATABASE_URL that names a Unix socket folder, as libpq writes one', async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const schema = `serve_socket_${process.pid}_${Date.now().toString(36)}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      const [{ folders }] = (
        await admin.query<{ folders: string }>("SELECT current_setting('unix_socket_directories') AS folders")
      ).rows as [{ folders: string }];
      const [{ port }] = (await admin.query<{ port: string }>("SELECT current_setting('port') AS port")).rows as [
        { port: string },
      ];
      const folder = folders.split(',')[0]?.trim() ?? '';
      expect(folder, 'the test server listens on a Unix socket').toMatch(/^\//);
      const { user, database } = parse(databaseUrl);
      // No host between @ and /: the form the WHATWG URL parser refuses and libpq and pg read.
      const socketUrl =
        `postgresql://${user ?? ''}@/${database ?? ''}?host=${encodeURIComponent(folder)}&port=${port}` +
        `&options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const provider = await serve(dataDir.path, { DATABASE_URL: socketUrl, PROVIDER_WORKERS: '1' });
      try {
        expect(provider.output()).toContain(`storage: PostgreSQL at ${folder}:${port}/${database ?? ''}`);
        // Beside a PostgreSQL on this machine, a process's garbage is collected on its own thread (PROVIDER_GC).
        expect(provider.output()).toContain('(1 process, garbage collected on one thread each)');
        expect(processArguments(provider.child.pid)).toEqual([
          expect.arrayContaining(['--single-threaded-gc', '--no-allocation-site-pretenuring']),
        ]);
        const parallel = await serve(dataDir.path, {
          DATABASE_URL: socketUrl,
          PROVIDER_WORKERS: '1',
          PROVIDER_GC: 'parallel',
          PORT: '0',
        });
        try {
          expect(parallel.output()).toContain('(1 process)');
          expect(processArguments(parallel.child.pid)).toEqual([expect.not.arrayContaining(['--single-threaded-gc'])]);
          expect(processArguments(parallel.child.pid)).toEqual([
            expect.arrayContaining(['--no-allocation-site-pretenuring']),
          ]);
        } finally {
          expect(await parallel.stop()).toEqual([0, null]);
        }
        const answer = await callApi(provider.url, 'tables');
        expect(answer.status).toBe(200);
        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1`,
          [schema],
        );
        expect(rows[0]?.n).toBeGreaterThan(0);
      } finally {
        expect(await provider.stop()).toEqual([0, null]);
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    }, 60_000);
  }

  if (databaseUrl) {
    it('replaces its two processes one at a time during a burst of orders, and no order fails', async () => {
      const schema = `serve_roll_${process.pid}_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const cluster = await serve(dataDir.path, {
        DATABASE_URL: urlWithSchema(databaseUrl, schema),
        PROVIDER_WORKERS: '2',
        PROVIDER_SEED: 'demo',
        PROVIDER_TABLE_ORDERS_PER_MINUTE: '0',
        // The burst orders without the tables' printed keys, which the production start otherwise asks for.
        PROVIDER_TABLE_KEYS: 'optional',
      });
      try {
        // As the app does: one key per order, sent again after a transient failure (a 503, a dropped connection).
        const firstTryFailures: string[] = [];
        const keys: string[] = [];
        const placeWithRetries = async (key: string) => {
          for (let attempt = 1; attempt <= 10; attempt++) {
            const status = await callApi(cluster.url, 'orders', {
              method: 'POST',
              body: JSON.stringify(SAMPLE_ORDER),
              headers: { 'Idempotency-Key': key },
              // An answer that never comes is a failure to report, not a test that waits until its limit.
              signal: AbortSignal.timeout(30_000),
            }).then(
              async (response) => (await response.arrayBuffer(), response.status),
              (error: unknown) => String(error),
            );
            if (status === 200 || status === 201) return;
            // Any failure fails the test below; the retries (at once: the other process is up) only keep the
            // order count whole, so that the failures listed are the whole story.
            if (attempt === 1) firstTryFailures.push(`${key}: ${status}`);
          }
          throw new Error(`Order ${key} was never placed`);
        };
        const rolled = () => cluster.output().includes('"event":"rolling_restart_done"');
        // Well inside the test's own limit, so that a restart that never ends fails with the provider's log to read.
        const giveUpAt = Date.now() + 60_000;
        let restartAsked = false;
        await Promise.all(
          Array.from({ length: 6 }, async (_, client) => {
            for (let n = 0; !rolled(); n++) {
              if (Date.now() > giveUpAt) {
                throw new Error(`No rolling_restart_done within 60 s; the provider's log:\n${cluster.output()}`);
              }
              const key = `roll-${schema}-${client}-${n}`;
              keys.push(key);
              await placeWithRetries(key);
              if (!restartAsked && keys.length >= 12) {
                restartAsked = true;
                cluster.child.kill('SIGUSR2');
              }
            }
          }),
        );

        expect(cluster.output().match(/"event":"process_replaced"/g)).toHaveLength(2);
        // The replacements are forked as the first ones were.
        expect(processArguments(cluster.child.pid)).toEqual([
          expect.arrayContaining(['--single-threaded-gc', '--no-allocation-site-pretenuring']),
          expect.arrayContaining(['--single-threaded-gc', '--no-allocation-site-pretenuring']),
        ]);
        // Nothing the app would have shown as an error: not even a first attempt failed.
        expect(firstTryFailures).toEqual([]);
        const { rows } = await admin.query<{ key: string; n: number }>(
          `SELECT idempotency_key AS key, count(*)::int AS n FROM ${schema}.orders GROUP BY 1`,
        );
        expect(
          rows
            .filter((row) => row.key.startsWith('roll-'))
            .map((row) => row.key)
            .sort(),
        ).toEqual([...keys].sort());
        expect(rows.every((row) => row.n === 1)).toBe(true);

        // Whichever process answers, GET /metrics has both processes' figures, labelled.
        const metrics = await (await fetch(`${cluster.url}/metrics`)).text();
        expect(metrics).toMatch(/amber_orders_placed_total\{worker="1"\} \d+/);
        expect(metrics).toMatch(/amber_orders_placed_total\{worker="2"\} \d+/);
      } finally {
        expect(await cluster.stop()).toEqual([0, null]);
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    }, 120_000);
  }
});
