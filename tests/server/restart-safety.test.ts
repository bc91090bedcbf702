// Orders survive the provider stopping and starting again; the first run is the real `npm run provider` process.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../contract/orders';
import { startProvider } from '../../server/start';
import { fetchOrder, freshPgliteDir, placeOrder, SAMPLE_ORDER, type TempDir } from './helpers';

interface ProviderProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startProcess(dataDir: string): Promise<ProviderProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PROVIDER_DATA_DIR: dataDir,
      PROVIDER_KITCHEN_SECONDS: '0',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`Provider exited with ${code} before listening:\n${output}`)));
  });
  return { url, child, output: () => output };
}

describe('restart safety', () => {
  let dataDir: TempDir;
  beforeAll(async () => {
    dataDir = await freshPgliteDir('provider-restart');
  });
  afterAll(async () => {
    await dataDir.remove();
  });

  it('keeps every placed order, and its idempotency key, across a stop and a start on the same data folder', async () => {
    const first = await startProcess(dataDir.path);
    // What a newcomer needs is printed last, as one block: the demo accounts' passwords and where the QR codes are.
    await expect
      .poll(() => first.output(), { timeout: 10_000 })
      .toMatch(
        /\n={78}\n {2}Amber Table is ready\.\n[\s\S]*\n {15}manager {2}\S{12,} {2}\([\s\S]*\n {15}cook {5}\S{12,} {2}\([\s\S]*open Tables[\s\S]*\n={78}\n$/,
      );
    const placed = [
      await placeOrder(first.url),
      await placeOrder(first.url),
      await placeOrder(first.url, SAMPLE_ORDER, 'restart-key-1'),
    ];
    const exited = once(first.child, 'exit');
    first.child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    expect(first.output()).toContain('SIGTERM received');

    const second = await startProvider({ storage: { kind: 'pglite', dataDir: dataDir.path }, kitchenSeconds: 0 });
    try {
      // The keys made before the restart still open their orders: the secret lives in the database.
      for (const { order_key: _key, ...order } of placed) {
        expect(await fetchOrder(second.url, { orderID: order.orderID, order_key: _key })).toEqual(order);
      }
      // A retry after the restart still finds the same order instead of placing a second one.
      const retry = await fetch(`${second.url}/api/v1/orders`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer demo-token',
          'Content-Type': 'application/json',
          'Idempotency-Key': 'restart-key-1',
        },
        body: JSON.stringify(SAMPLE_ORDER),
      });
      expect(retry.status).toBe(200);
      const replayed = orderSchema.parse(await retry.json());
      expect(replayed.orderID).toBe(placed[2]?.orderID);
      expect(replayed.order_key).toBe(placed[2]?.order_key);

      // With the kitchen off (pace 0) nothing moves, even when a pass is asked for by hand.
      await second.kitchen.tick();
      for (const order of placed) expect((await fetchOrder(second.url, order))?.status).toBe('received');
    } finally {
      await second.close();
    }
    // Closed means closed: the port no longer answers.
    await expect(fetch(`${second.url}/api/v1/category`)).rejects.toThrow();
  });
});
