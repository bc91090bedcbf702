// Order keys and the new-order limit at the provider's level: one secret per database, constant-time checks, and a
// limit that holds across several provider processes sharing PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderKeys } from '../../server/orders/order-access';
import { loadProviderSecret } from '../../server/orders/provider-secret';
import { startProvider, type RunningProvider } from '../../server/start';
import { adminQuery } from '../support/postgres-admin';
import { callApi, SAMPLE_ORDER, startTestProvider } from './helpers';

describe('order keys', () => {
  const keys = createOrderKeys('a-test-secret-of-enough-length');

  it('are the same for one order every time, different between orders, and 256 bits of base64url', () => {
    expect(keys.keyFor('K7F3QX2M')).toBe(keys.keyFor('K7F3QX2M'));
    expect(keys.keyFor('K7F3QX2M')).not.toBe(keys.keyFor('K7F3QX2N'));
    expect(keys.keyFor('K7F3QX2M')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createOrderKeys('another-secret-of-enough-length').keyFor('K7F3QX2M')).not.toBe(keys.keyFor('K7F3QX2M'));
  });

  it('let in only the order’s own key, or staff', () => {
    const key = keys.keyFor('K7F3QX2M');
    expect(keys.canAccessOrder({ orderKey: key }, 'K7F3QX2M')).toBe(true);
    expect(keys.canAccessOrder({ orderKey: key }, 'K7F3QX2N')).toBe(false);
    expect(keys.canAccessOrder({ orderKey: key.slice(1) }, 'K7F3QX2M')).toBe(false);
    const lastCharacterChanged = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect(keys.canAccessOrder({ orderKey: lastCharacterChanged }, 'K7F3QX2M')).toBe(false);
    expect(keys.canAccessOrder({}, 'K7F3QX2M')).toBe(false);
    expect(keys.canAccessOrder({ staff: true }, 'K7F3QX2M')).toBe(true);
  });

  it('come from one secret per database, made once, unless PROVIDER_SECRET is set', async () => {
    const provider = await startTestProvider();
    try {
      const first = await loadProviderSecret(provider.db);
      expect(first.length).toBeGreaterThanOrEqual(43);
      expect(await loadProviderSecret(provider.db)).toBe(first);
      expect(await loadProviderSecret(provider.db, 'configured-secret-of-128-bits')).toBe(
        'configured-secret-of-128-bits',
      );
      await expect(loadProviderSecret(provider.db, 'too-short')).rejects.toThrow('PROVIDER_SECRET');
    } finally {
      await provider.close();
    }
  });
});

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describe('two provider processes on one PostgreSQL database', () => {
    const schema = `limits_${process.pid}_${Date.now().toString(36)}`;
    const storage = { kind: 'postgres' as const, connectionString: databaseUrl, schema };
    let one: RunningProvider;
    let two: RunningProvider;

    beforeAll(async () => {
      one = await startProvider({ storage, tableOrdersPerMinute: 3 });
      two = await startProvider({ storage, tableOrdersPerMinute: 3 });
    });
    afterAll(async () => {
      await one.close();
      await two.close();
      await adminQuery(databaseUrl, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    });

    it('share one limit per table, however the requests are spread and raced', async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          callApi((index % 2 === 0 ? one : two).url, 'orders', { method: 'POST', body: JSON.stringify(SAMPLE_ORDER) }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    });

    it('answer the same order key for the same order', async () => {
      const key = `two-processes-${Date.now()}`;
      const headers = { 'Idempotency-Key': key };
      const order = { ...SAMPLE_ORDER, table_id: 4 };
      const first = (await (
        await callApi(one.url, 'orders', { method: 'POST', body: JSON.stringify(order), headers })
      ).json()) as { orderID: string; order_key: string };
      const again = (await (
        await callApi(two.url, 'orders', { method: 'POST', body: JSON.stringify(order), headers })
      ).json()) as { orderID: string; order_key: string };
      expect(again).toMatchObject({ orderID: first.orderID, order_key: first.order_key });
      const read = await callApi(two.url, `orders?orderID=${first.orderID}`, {
        headers: { 'X-Order-Key': first.order_key },
      });
      expect(read.status).toBe(200);
    });
  });
}
