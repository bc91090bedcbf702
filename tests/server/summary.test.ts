// summary reads one statement over the open orders only: it must answer exactly what the full rule computes from every
// open order's lines, after orders are placed, changed, moved on, cancelled or written by code that sets no ready_at.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTables, readSummary } from '../../server/catalog/catalog-store';
import type { Database } from '../../server/db/database';
import { openPgDatabase } from '../../server/db/pg-database';
import { averageWaitMinutes, OPEN_STATUSES } from '../../server/orders/order-rules';
import { addLine, advanceOrder, placeOrder, removeLine } from '../../server/orders/order-store';
import { cancelOrder } from '../../server/staff/staff-orders';
import { startProvider } from '../../server/start';
import type { Summary } from '../../contract/guest';
import { startTestProvider } from './helpers';

/** The summary as it was computed before: every open order's lines joined to the menu, the rule applied in code. */
async function fullSummary(db: Database, now: Date): Promise<Summary> {
  const open = await db.query<{ created_at: Date; prep_minutes: number }>(
    `SELECT o.created_at, COALESCE(MAX(m.prep_minutes), 0)::int AS prep_minutes
     FROM orders o
     LEFT JOIN order_lines l ON l.order_id = o.order_id
     LEFT JOIN menu_items m ON m.id = l.menu_id
     WHERE o.status = ANY ($1::text[])
     GROUP BY o.order_id, o.created_at`,
    [OPEN_STATUSES],
  );
  const tables = await listTables(db);
  return {
    open_orders: open.length,
    average_wait_minutes: averageWaitMinutes(
      open.map((row) => ({ createdAt: new Date(row.created_at), prepMinutes: row.prep_minutes })),
      now,
    ),
    tables_free: tables.filter((table) => table.status === 'free').length,
    tables_total: tables.length,
  };
}

/** The same answer now and at later moments, as orders become overdue. */
async function expectSameAsFullRule(db: Database): Promise<Summary> {
  const now = new Date();
  for (const minutesLater of [0, 3, 7, 12, 25, 90]) {
    const at = new Date(now.getTime() + minutesLater * 60_000);
    expect(await readSummary(db, at), `${minutesLater} min later`).toEqual(await fullSummary(db, at));
  }
  return readSummary(db, now);
}

function summaryCases(open: () => Promise<{ db: Database; close(): Promise<void> }>) {
  let db: Database;
  let close: () => Promise<void>;
  let quick: number;
  let slow: number;

  beforeAll(async () => {
    ({ db, close } = await open());
    // Two available dishes of the demo menu without required options, the quickest and the slowest to prepare.
    const dishes = await db.query<{ id: number; prep_minutes: number }>(
      `SELECT id, prep_minutes FROM menu_items m
       WHERE available AND NOT EXISTS (SELECT 1 FROM option_groups g WHERE g.menu_id = m.id AND g.min > 0)
       ORDER BY prep_minutes, id`,
    );
    quick = dishes[0]!.id;
    slow = dishes.at(-1)!.id;
    expect(dishes[0]!.prep_minutes).toBeLessThan(dishes.at(-1)!.prep_minutes);
  });
  afterAll(() => close());

  it('follows placing, adding and removing lines, moving on and cancelling, as the full rule does', async () => {
    const empty = await expectSameAsFullRule(db);
    const a = await placeOrder(db, { table_id: 2, items: [{ menu_id: quick, quantity: 1 }] });
    const b = await placeOrder(db, { table_id: 4, items: [{ menu_id: quick, quantity: 2 }] });
    const two = await expectSameAsFullRule(db);
    expect(two.open_orders).toBe(empty.open_orders + 2);

    // A slower dish added to an open order makes the kitchen's wait longer; removing it again shortens it.
    const added = await addLine(db, { orderID: a.order.orderID, menu_id: slow, quantity: 1 });
    const longer = await expectSameAsFullRule(db);
    expect(longer.average_wait_minutes).toBeGreaterThan(two.average_wait_minutes);
    const slowLine = added.order.items.find((line) => line.menu_id === slow)!;
    await removeLine(db, a.order.orderID, slowLine.line_id);
    expect((await expectSameAsFullRule(db)).average_wait_minutes).toBe(two.average_wait_minutes);

    await advanceOrder(db, a.order.orderID); // preparing: still open
    expect((await expectSameAsFullRule(db)).open_orders).toBe(empty.open_orders + 2);
    await advanceOrder(db, a.order.orderID); // ready: no longer open
    expect((await expectSameAsFullRule(db)).open_orders).toBe(empty.open_orders + 1);
    await cancelOrder(db, b.order.orderID, 'The guest left');
    expect((await expectSameAsFullRule(db)).open_orders).toBe(empty.open_orders);
  });

  it('counts an order written without ready_at (by code that does not set it) from its lines', async () => {
    const before = await expectSameAsFullRule(db);
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO orders (order_id, table_id) VALUES ('RAWORDR1', 6)`);
      await tx.query(
        `INSERT INTO order_lines (order_id, menu_id, name, unit_price_cents, quantity)
         SELECT 'RAWORDR1', id, name, price_cents, 1 FROM menu_items WHERE id = $1`,
        [slow],
      );
    });
    const after = await expectSameAsFullRule(db);
    expect(after.open_orders).toBe(before.open_orders + 1);
  });

  it('answers the same once many served orders are in the history', async () => {
    const before = await expectSameAsFullRule(db);
    for (let i = 0; i < 40; i++) {
      const { order } = await placeOrder(db, { table_id: 7, items: [{ menu_id: slow, quantity: 1 }] });
      for (let step = 0; step < 3; step++) await advanceOrder(db, order.orderID);
    }
    // The party has left: its table is cleared, as staff do, and is free again.
    await db.query('UPDATE seatings SET ended_at = now() WHERE table_id = 7 AND ended_at IS NULL');
    expect(await expectSameAsFullRule(db)).toEqual(before);
  });
}

describe('summary on PGlite', () => {
  summaryCases(async () => {
    const provider = await startTestProvider();
    return { db: provider.db, close: () => provider.close() };
  });
});

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  describe('summary on PostgreSQL', () => {
    const schema = `summary_${process.pid}_${Date.now().toString(36)}`;
    summaryCases(async () => {
      const database = await openPgDatabase({ connectionString: databaseUrl, schema });
      const provider = await startProvider({ database });
      return {
        db: provider.db,
        async close() {
          await provider.close();
          const admin = new pg.Client({ connectionString: databaseUrl });
          await admin.connect();
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await admin.end();
        },
      };
    });
  });
}
