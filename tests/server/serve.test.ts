// `npm run serve`: the compiled provider (dist-server/serve.js) starts from its own folder, finds its migrations and
// dish images there, seeds nothing unless PROVIDER_SEED=demo, and stops cleanly on SIGTERM.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, freshPgliteDir, type TempDir } from './helpers';

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
    output: () => output,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      return exited;
    },
  };
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

  it('refuses several processes on PGlite, whose folder one process owns', async () => {
    await expect(serve(dataDir.path, { PROVIDER_WORKERS: '2' })).rejects.toThrow(
      /PROVIDER_WORKERS above 1 needs DATABASE_URL/,
    );
  });
});
