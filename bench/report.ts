// `npm run bench:report`: the day's figures for a year-old restaurant. Fills a provider's database with a year of
// orders (about 200,000, 600 on the measured day, each with its lines, its seating and most of them paid), then times
// the report as the Day screen asks for it (JSON) and the accountant's CSV of the day's lines. Prints figures only.
//   npm run bench:report                       PGlite in a temporary folder
//   DATABASE_URL=postgres://… npm run bench:report   PostgreSQL, in a schema of its own (dropped afterwards)
//   options: --orders N (in all), --day-orders N, --runs N
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { readDayLines, readDayReport } from '../server/reports/report-store';
import { startProvider } from '../server/start';
import { formatFigure, summarise } from './stats';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '200000' },
    'day-orders': { type: 'string', default: '600' },
    runs: { type: 'string', default: '15' },
  },
});
const totalOrders = Number(values.orders);
const dayOrders = Number(values['day-orders']);
const runs = Number(values.runs);

const DAY = '2026-03-28';
const databaseUrl = process.env.DATABASE_URL;
const schema = `bench_report_${process.pid}`;
const dataDir = databaseUrl ? undefined : await mkdtemp(join(tmpdir(), 'bench-report-'));

const provider = await startProvider({
  storage: databaseUrl
    ? { kind: 'postgres', connectionString: databaseUrl, schema }
    : { kind: 'pglite', dataDir: dataDir! },
  kitchenSeconds: 0,
});
const { db } = provider;
const now = () => new Date(`${DAY}T23:30:00Z`);

try {
  console.log(
    `Filling ${databaseUrl ? 'PostgreSQL' : 'PGlite'} with ${totalOrders.toLocaleString('en')} orders over a year…`,
  );
  const filling = performance.now();
  const dishes = await db.query<{ id: number; name: string; price_cents: number }>(
    'SELECT id, name, price_cents FROM menu_items ORDER BY id',
  );
  // One seating per order's party, one order in ten cancelled, most parties paid; the measured day's orders spread
  // over its service, the rest over the year before it. Set-based, 10,000 orders per transaction (each statement
  // stays within the provider's statement timeout).
  const CHUNK = 10_000;
  for (let first = 1; first <= totalOrders; first += CHUNK) {
    const last = Math.min(totalOrders, first + CHUNK - 1);
    await db.transaction(async (tx) => {
      await tx.query(
        `CREATE TEMP TABLE bench_orders ON COMMIT DROP AS
         SELECT n,
                CASE WHEN n <= $3 THEN $4::date + time '11:00' + (n * interval '1 minute') * (12 * 60) / $3
                     ELSE $4::date - (1 + (n % 365)) * interval '1 day' + time '11:00' + (n % 660) * interval '1 minute'
                END AS at,
                1 + n % 12 AS table_id,
                CASE WHEN n % 10 = 0 THEN 'cancelled' ELSE 'served' END AS status
         FROM generate_series($1::int, $2::int) AS n`,
        [first, last, dayOrders, DAY],
      );
      await tx.query(
        `INSERT INTO seatings (id, table_id, started_at, ended_at)
         OVERRIDING SYSTEM VALUE
         SELECT 1000000 + n, table_id, at, at + interval '1 hour' FROM bench_orders`,
      );
      await tx.query(
        `INSERT INTO orders (order_id, table_id, status, created_at, updated_at, status_changed_at, seating_id, guest,
                             cancel_reason)
         SELECT 'B' || lpad(n::text, 7, '0'), table_id, status, at, at, at, 1000000 + n, 'Guest ' || n % 4,
                CASE WHEN status = 'cancelled' THEN 'Sold out' END
         FROM bench_orders`,
      );
      await tx.query(
        `INSERT INTO order_lines (order_id, menu_id, name, unit_price_cents, quantity, station, added_at, done_at)
         SELECT 'B' || lpad(o.n::text, 7, '0'), d.id, d.name, d.price_cents, 1 + (o.n + k) % 3,
                CASE WHEN k = 2 THEN 'bar' ELSE 'kitchen' END, o.at, o.at + (5 + (o.n + k) % 20) * interval '1 minute'
         FROM bench_orders o
         CROSS JOIN generate_series(0, 2) AS k
         JOIN unnest($1::int[], $2::text[], $3::int[]) WITH ORDINALITY AS d(id, name, price_cents, place)
           ON d.place = 1 + (o.n * 7 + k * 13) % $4`,
        [dishes.map((d) => d.id), dishes.map((d) => d.name), dishes.map((d) => d.price_cents), dishes.length],
      );
      // Four parties in five paid, by card or in cash, with a tip now and then.
      await tx.query(
        `INSERT INTO payments (seating_id, method, amount_cents, tip_cents, created_at)
         SELECT 1000000 + n, CASE WHEN n % 3 = 0 THEN 'cash' ELSE 'card' END, 2000 + n % 5000, (n % 4) * 100,
                at + interval '50 minutes'
         FROM bench_orders WHERE n % 5 <> 0 AND status <> 'cancelled'`,
      );
    });
  }
  await db.query(`SELECT setval(pg_get_serial_sequence('seatings', 'id'), 1000000 + $1::int)`, [totalOrders]);
  await db.query('ANALYZE');
  const [{ orders } = { orders: 0 }] = await db.query<{ orders: number }>('SELECT count(*)::int AS orders FROM orders');
  const [{ lines } = { lines: 0 }] = await db.query<{ lines: number }>(
    'SELECT count(*)::int AS lines FROM order_lines',
  );
  console.log(
    `  ${orders.toLocaleString('en')} orders, ${lines.toLocaleString('en')} lines in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
  );

  async function time(what: string, call: () => Promise<unknown>) {
    await call(); // the first run warms the plans and the cache
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await call();
      samples.push(performance.now() - started);
    }
    console.log(`  ${what.padEnd(26)} ${formatFigure(summarise(samples), 'ms')}`);
  }

  const report = await readDayReport(db, DAY, now());
  console.log(
    `The day ${DAY}: ${report.orders} orders, ${report.cancelled.count} cancelled, sales ${report.sales.total}`,
  );
  await time('report (JSON figures)', () => readDayReport(db, DAY, now()));
  await time('CSV of the day’s lines', () => readDayLines(db, DAY, now()));
  console.log('Target: the report in under 200 ms on PostgreSQL.');
} finally {
  await provider.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
}
