// A reference provider in a child process of its own (tests and the bench that need several processes on one database).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface ProviderChild {
  url: string;
  process: ChildProcess;
  /** Everything it printed so far (standard output and error). */
  output(): string;
  /** Ends it with `signal` (SIGKILL: as if the machine lost it) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A PostgreSQL URL whose every connection uses `schema` first (which must exist): a run's own tables. */
export function urlWithSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function startProviderChild(env: Record<string, string>): Promise<ProviderChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PROVIDER_KITCHEN_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The provider exited with ${String(code)}:\n${output}`)));
  });
  return {
    url,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}
