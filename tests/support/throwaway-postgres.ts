// A PostgreSQL server of a test's own, on a free port, that the test may stop and start (outages, restarts).
import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  url: string;
  /** Fast shutdown: sessions are ended, as on a restart or a crash of the server. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  remove(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** initdb and pg_ctl refuse to run as root: as CI does, they run as the postgres user then. */
async function asPostgresUser(program: string, args: string[]): Promise<void> {
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', program, ...args]);
  else await run(program, args);
}

export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'throwaway-postgres-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dir, Number(stdout.trim()), -1);
  }
  const port = await freePort();
  await asPostgresUser(join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  const pgCtl = (...args: string[]) => asPostgresUser(join(bin, 'pg_ctl'), ['-D', dir, '-w', ...args]);
  const start = () =>
    pgCtl('-l', join(dir, 'server.log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, 'start');
  const stop = () => pgCtl('-m', 'fast', 'stop');
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
