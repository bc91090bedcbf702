// PostgreSQL's own rate for the provider's placing statements: a pgbench script made from the very SQL the provider
// runs, in the same round trips (BEGIN, its settings and PLACE_ORDER in one pipeline, then COMMIT), with the load
// test's order.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { beginning } from '../server/db/pg-database';
import { PLACE_ORDER, PLACING_TRANSACTION } from '../server/orders/order-store';
import { percentile } from './stats';

export interface PlacedOrderShape {
  table_id: number;
  items: { menu_id: number; quantity: number; note?: string }[];
}

/** pgbench from PGBENCH, else the newest /usr/lib/postgresql/<v>/bin (as .ci/run finds PG_BIN), else the PATH. */
export function findPgbench(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'pgbench')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  return newest === undefined ? 'pgbench' : join(root, newest, 'bin', 'pgbench');
}

/** The load's order: two dishes of the demo menu at table 5, no key, no choices (npm run load, npm run bench:placing). */
export const LOAD_ORDER: PlacedOrderShape = {
  table_id: 5,
  items: [
    { menu_id: 33, quantity: 2, note: 'extra basil' },
    { menu_id: 47, quantity: 1 },
  ],
};

/**
 * PLACE_ORDER's values for `order` by the script's variable names, all but the random order id and key. `menuVersion`
 * is the database's (SELECT version FROM menu_version), as a provider process that has these dishes cached sends it;
 * at any other version the statement writes nothing (menu-entry-cache.ts).
 */
function placingValues(order: PlacedOrderShape, menuVersion: string | null) {
  return {
    table_id: order.table_id,
    note: 'pgbench',
    hash: 'pgbench',
    menu_ids: order.items.map((line) => line.menu_id),
    quantities: order.items.map((line) => line.quantity),
    notes: order.items.map((line) => line.note ?? ''),
    choices: order.items.map(() => '[]'),
    guest: 'pgbench',
    // The load sends no X-Table-Key and no allergies.
    table_key_used: false,
    allergies: [] as string[],
    menu_version: menuVersion,
  };
}

// pgbench variables stand where the provider binds $n; the arrays and texts are fixed (-D), the ids random per run.
const PLACE_PARAMS = [
  ':order_id',
  ':table_id',
  ':note',
  ':key',
  ':hash',
  ':menu_ids',
  ':quantities',
  ':notes',
  ':choices',
  ':guest',
  ':table_key_used',
  ':allergies',
  ':menu_version',
];

/** PLACE_ORDER's $1, $2, … for `order`, as the provider binds them, with this order id and key. */
export function placingParams(
  order: PlacedOrderShape,
  menuVersion: string | null,
  orderId: string,
  key: string,
): unknown[] {
  const values: Record<string, unknown> = { ...placingValues(order, menuVersion), order_id: orderId, key };
  return PLACE_PARAMS.map((name) => values[name.slice(1)]);
}

const bind = (sql: string, names: readonly string[]) =>
  sql.replace(/\$(\d+)/g, (_match, index: string) => names[Number(index) - 1] ?? `$${index}`).trim();

/**
 * The script: one transaction of pgbench is one order as the provider places it (the seating, the lines and the live
 * event are in PLACE_ORDER), in the same two round trips: BEGIN, the transaction's settings (generic plans) and the
 * statement in one pipeline under one Sync, as the provider sends them, then COMMIT.
 */
export function placingScript(): string {
  // A parameter added to the statement without a variable here would reach pgbench as a bare $n.
  const highest = Math.max(...[...PLACE_ORDER.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
  if (highest !== PLACE_PARAMS.length) {
    throw new Error(`PLACE_ORDER takes ${highest} parameters; the pgbench script names ${PLACE_PARAMS.length}`);
  }
  return [
    // Random ids and keys as the provider makes them, unique enough: a rare clash inserts nothing, as in the provider.
    '\\set order_id random(1, 999999999999999)',
    '\\set key random(1, 999999999999999)',
    '\\startpipeline',
    ...beginning(PLACING_TRANSACTION).map((statement) => `${statement};`),
    `${bind(PLACE_ORDER, PLACE_PARAMS)};`,
    '\\endpipeline',
    'COMMIT;',
    '',
  ].join('\n');
}

const pgArray = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;

/** The database's menu version now, as a provider reads it with each order. */
export async function readMenuVersion(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('SELECT version::text AS version FROM menu_version');
    return rows[0]!.version;
  } finally {
    await client.end();
  }
}

export interface PgbenchResult {
  transactions: number;
  tps: number;
  latencyAverageMs: number;
  /** Each transaction's latency from pgbench's log: the 99th percentile, in ms. */
  latencyP99Ms: number;
  output: string;
}

/** The 99th percentile of the latencies in pgbench's transaction logs (`latency.<pid>[.<thread>]`) in `dir`, in ms. */
async function latencyP99(dir: string): Promise<number> {
  const latencies: number[] = [];
  for (const name of await readdir(dir)) {
    if (!name.startsWith('latency.')) continue;
    for (const line of (await readFile(join(dir, name), 'utf8')).split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (Number.isFinite(micros) && line.length > 0) latencies.push(micros / 1000);
    }
  }
  return percentile(
    latencies.sort((a, b) => a - b),
    0.99,
  );
}

export async function runPgbench(options: {
  databaseUrl: string;
  menuVersion: string;
  order: PlacedOrderShape;
  connections: number;
  seconds: number;
  threads?: number;
}): Promise<PgbenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'pgbench-placing-'));
  try {
    const script = join(dir, 'placing.sql');
    await writeFile(script, placingScript());
    const { order } = options;
    const defines = Object.fromEntries(
      Object.entries(placingValues(order, options.menuVersion)).map(([name, value]) => [
        name,
        Array.isArray(value) ? pgArray(value) : String(value),
      ]),
    );
    const args = [
      '--no-vacuum',
      '--protocol=prepared',
      `--client=${options.connections}`,
      `--jobs=${Math.min(options.threads ?? 2, options.connections)}`,
      `--time=${options.seconds}`,
      `--file=${script}`,
      // A line per transaction (its latency in µs, the third field), for the percentile the summary does not give.
      '--log',
      `--log-prefix=${join(dir, 'latency')}`,
      ...Object.entries(defines).map(([name, value]) => `--define=${name}=${value}`),
      options.databaseUrl,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(findPgbench(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text}`)),
      );
    });
    const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? NaN);
    return {
      transactions: number(/number of transactions actually processed: (\d+)/),
      tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
      latencyAverageMs: number(/latency average = ([\d.]+) ms/),
      latencyP99Ms: await latencyP99(dir),
      output,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
