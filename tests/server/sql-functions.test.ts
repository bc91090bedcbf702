// The SQL functions the provider's statements share, as the statements see them after every migration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProvider } from '../../server/start';
import { startTestProvider } from './helpers';

describe('api_time', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(async () => {
    await provider.close();
  });

  it('writes a timestamp as JavaScript’s toISOString does, in UTC with milliseconds', async () => {
    const times = ['2026-01-01T00:00:00.000Z', '2026-11-29T23:59:59.999Z', '2024-02-29T12:34:56.007Z'];
    // In a session whose time zone is not UTC, as a database's default may be.
    const written = await provider.db.transaction(async (tx) => {
      await tx.query("SET LOCAL TimeZone = 'Pacific/Auckland'");
      const rows = await tx.query<{ text: string }>('SELECT api_time(t) AS text FROM unnest($1::timestamptz[]) AS t', [
        times,
      ]);
      return rows.map((row) => row.text);
    });
    expect(written).toEqual(times);
  });

  it('is inlined into the statement that calls it, not run as a function call per row', async () => {
    const plan = await provider.db.query<{ 'QUERY PLAN': string }>(
      'EXPLAIN (VERBOSE) SELECT api_time(created_at) FROM orders',
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('to_char');
    expect(text).not.toContain('api_time');
  });
});
