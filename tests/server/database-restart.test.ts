// A real PostgreSQL server stopped and started again under one provider process (`npm run provider`): the process
// stays up, answers JSON 503 within seconds while the server is away (never hangs), says so in its log, and serves
// again once the server is back. Orders are being placed as the server stops, so connections die mid-transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin } from '../../server/ops/pg-tools';
import { startProviderChild, type ProviderChild } from '../support/provider-child';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';
import { SAMPLE_ORDER } from './helpers';

const pgBin = findPostgresBin();

// A hang is a failure: every call gets this long at most, the longest the provider may take to say 503.
const ANSWER_WITHIN_MS = 5_000;

function call(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, {
    ...init,
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', ...init.headers },
  });
}

const postOrder = (base: string) =>
  call(`${base}/api/v1/orders`, { method: 'POST', body: JSON.stringify(SAMPLE_ORDER) });

const logEvents = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { event?: string })
    .map((line) => line.event)
    .filter(Boolean);

if (pgBin) {
  describe('a real PostgreSQL server restarting under one provider process', () => {
    let server: ThrowawayPostgres;
    let provider: ProviderChild;

    beforeAll(async () => {
      server = await startThrowawayPostgres(pgBin);
      provider = await startProviderChild({ DATABASE_URL: server.url, PROVIDER_LOG: 'json' });
    });
    afterAll(async () => {
      await provider?.stop();
      await server?.remove();
    });

    it('stays alive, answers JSON 503 while the server is down, and serves again once it is back', async () => {
      expect((await postOrder(provider.url)).status).toBe(201);
      expect((await call(`${provider.url}/readyz`)).status).toBe(200);

      // Orders keep coming while the server stops: some connections are lost inside a transaction.
      let stopped = false;
      const burst = Promise.all(
        Array.from({ length: 8 }, async () => {
          const statuses: number[] = [];
          while (!stopped) statuses.push((await postOrder(provider.url)).status);
          return statuses;
        }),
      );
      await server.stop();
      stopped = true;
      const duringStop = (await burst).flat();
      // Each answer is an order placed or a JSON 503 (never a 500, never a dropped connection, which would reject).
      expect(duringStop.every((status) => status === 201 || status === 503)).toBe(true);

      const ready = await call(`${provider.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
      const order = await postOrder(provider.url);
      expect(order.status).toBe(503);
      expect(order.headers.get('Retry-After')).toBe('5');
      expect(await order.json()).toMatchObject({ error: { code: 'unavailable' } });
      // Alive: the liveness probe does not touch the database, so nothing restarts a process that is fine.
      expect((await call(`${provider.url}/healthz`)).status).toBe(200);
      expect(provider.process.exitCode).toBeNull();

      await server.start();
      await expect
        .poll(async () => (await call(`${provider.url}/readyz`)).status, { timeout: 15_000, interval: 200 })
        .toBe(200);
      expect((await postOrder(provider.url)).status).toBe(201);

      // JSON log lines are gathered and written at least every 100 ms, so the line saying it is back may follow.
      const count = (name: string) => logEvents(provider.output()).filter((event) => event === name).length;
      await expect.poll(() => count('database_back'), { timeout: 2_000, interval: 50 }).toBe(1);
      expect(count('database_lost')).toBe(1);
      expect(provider.process.exitCode).toBeNull();
    });
  });
}
