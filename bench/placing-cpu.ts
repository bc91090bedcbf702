// `npm run bench:placing`: PostgreSQL's own CPU for placing an order, read from its backend's run time, so that a
// change to the placing statement can be measured on a machine whose speed moves from one minute to the next.
//
// The load bench's rates and CPU figures move by a third between runs on a shared machine. This one runs the placing
// transaction (BEGIN with generic plans, PLACE_ORDER, then ROLLBACK so that the tables never grow) on one connection
// in batches, alternating with any other statement text given (`--against file.sql`), and reads the backend's time on
// a core from /proc/<pid>/schedstat (nanoseconds). The least batch of each is the figure that other work on the machine
// could only have raised. It needs a PostgreSQL on this machine; it works in a schema of its own, dropped at the end.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPgDatabase } from '../server/db/pg-database';
import { migrate } from '../server/db/migrate';
import { beginning } from '../server/db/pg-database';
import { PLACE_ORDER, PLACE_ORDER_READING_DISHES, PLACING_TRANSACTION } from '../server/orders/order-store';
import { demoRestaurant } from '../server/seed/demo-restaurant';
import { seedDatabase } from '../server/seed/seed-database';
import { LOAD_ORDER, placingParams } from './pgbench';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.LOAD_DATABASE_URL ?? process.env.DATABASE_URL },
    against: { type: 'string', multiple: true, default: [] },
    batches: { type: 'string', default: '12' },
    batch: { type: 'string', default: '250' },
    'cold-menu': { type: 'boolean', default: false },
  },
});
const databaseUrl = args['database-url'];
const batches = Number(args.batches);
const batchSize = Number(args.batch);
if (!databaseUrl || !(batches >= 2) || !(batchSize >= 1)) {
  console.error(
    'Usage: npm run bench:placing -- --database-url URL [--against statement.sql ...] [--batches 12] [--batch 250] [--cold-menu]',
  );
  process.exit(2);
}

// The load bench's order, as pgbench's script binds it, with a fresh id and key each time, and the menu's version
// as a process that has its dishes cached sends it; or, as a process's first order (`--cold-menu`), the statement that
// reads the dishes too.
let menuVersion: string | null = null;
const params = () =>
  placingParams(
    LOAD_ORDER,
    menuVersion,
    `B${Math.floor(Math.random() * 1e12)}`,
    `placing-${Math.random().toString(36).slice(2)}`,
  );

const schema = `placing_bench_${process.pid}`;
const db = await openPgDatabase({ connectionString: databaseUrl, schema, maxConnections: 1 });
const client = new pg.Client({ connectionString: databaseUrl, options: `-c jit=off -c search_path=${schema}` });
try {
  await migrate(db);
  await seedDatabase(db, demoRestaurant);
  await client.connect();
  menuVersion = (await client.query<{ version: string }>('SELECT version::text AS version FROM menu_version')).rows[0]!
    .version;
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const backend = rows[0]!.pid;
  const onCoreMs = () => Number(readFileSync(`/proc/${backend}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  try {
    onCoreMs();
  } catch {
    throw new Error('PostgreSQL must run on this machine, with its processes readable in /proc, for this bench.');
  }

  const variants = [
    args['cold-menu']
      ? { name: 'PLACE_ORDER_READING_DISHES (this build)', text: PLACE_ORDER_READING_DISHES }
      : { name: 'PLACE_ORDER (this build)', text: PLACE_ORDER },
    ...(args.against ?? []).map((file) => ({ name: file, text: readFileSync(file, 'utf8') })),
  ];
  const perOrder = variants.map(() => [] as number[]);
  // The first round prepares and plans each statement and warms the caches: not counted.
  for (let round = 0; round <= batches; round++) {
    for (const [index, variant] of variants.entries()) {
      const before = onCoreMs();
      for (let i = 0; i < batchSize; i++) {
        // BEGIN and the placing transaction's settings, as the provider sends them.
        for (const statement of beginning(PLACING_TRANSACTION)) await client.query(statement);
        // The statement that reads the dishes takes no version ($13).
        const values = args['cold-menu'] ? params().slice(0, 12) : params();
        await client.query({ name: `placing_${index}`, text: variant.text, values });
        await client.query('ROLLBACK');
      }
      if (round > 0) perOrder[index]!.push((onCoreMs() - before) / batchSize);
    }
  }

  console.log(
    `PostgreSQL's CPU per order (BEGIN, generic plans, the statement, ROLLBACK), ${batches} alternated batches of ${batchSize}:`,
  );
  for (const [index, variant] of variants.entries()) {
    const sorted = perOrder[index]!.sort((a, b) => a - b);
    const least = sorted[0]!;
    const median = sorted[sorted.length >> 1]!;
    const against = index === 0 ? '' : `  (${(((least - perOrder[0]![0]!) / perOrder[0]![0]!) * 100).toFixed(1)} %)`;
    console.log(`  ${variant.name.padEnd(40)} least ${least.toFixed(3)} ms, median ${median.toFixed(3)} ms${against}`);
  }
} finally {
  await client.end().catch(() => undefined);
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
  await db.close();
}
