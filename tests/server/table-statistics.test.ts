// What ANALYZE gathers on the tables each order writes: statistics for the columns queries filter, join and group on,
// none for those only read back (migration 066), whose jsonb and arrays made most of ANALYZE's work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProvider } from '../../server/start';
import { placeOrder, startTestProvider } from './helpers';

describe('table statistics', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
    await placeOrder(provider.url, {
      table_id: 2,
      items: [{ menu_id: 33, quantity: 1, note: 'no basil' }],
      note: 'a birthday',
      allergies: ['peanuts'],
    });
    await placeOrder(provider.url, undefined, 'statistics-key');
    await provider.db.query('ANALYZE events, orders, order_lines');
  });
  afterAll(async () => {
    await provider.close();
  });

  const gathered = async (table: string) =>
    (
      await provider.db.query<{ attname: string }>(
        `SELECT attname FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1 ORDER BY attname`,
        [table],
      )
    ).map((row) => row.attname);

  it('gathers none for what is only read back: payloads, choices, notes, allergens, request hashes', async () => {
    expect(await gathered('events')).not.toContain('payload');
    const lines = await gathered('order_lines');
    for (const column of ['choices', 'note', 'allergens']) expect(lines).not.toContain(column);
    const orders = await gathered('orders');
    for (const column of ['note', 'request_hash', 'allergies', 'allergies_acknowledged_by'])
      expect(orders).not.toContain(column);
  });

  it('still gathers them for the columns queries select, join and group by', async () => {
    expect(await gathered('events')).toEqual(expect.arrayContaining(['id', 'type', 'order_id', 'created_at']));
    expect(await gathered('order_lines')).toEqual(expect.arrayContaining(['order_id', 'menu_id', 'station']));
    expect(await gathered('orders')).toEqual(
      expect.arrayContaining(['order_id', 'table_id', 'status', 'created_at', 'guest']),
    );
  });
});
