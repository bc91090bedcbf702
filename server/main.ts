// `npm run provider`: starts the reference provider from environment variables and stops it cleanly on Ctrl-C.
import { existsSync } from 'node:fs';
import { readConfig } from './config';
import { describeStorage, openDatabaseWhenReachable } from './db/open-database';
import { createLogger, flushLog, log, useLogger } from './ops/log';
import { guardProcess } from './ops/process-guards';
import { startProvider } from './start';

async function start() {
  try {
    const config = readConfig();
    // For people by default (a line per request); PROVIDER_LOG=json for a log collector.
    const logger = createLogger({ format: config.logFormat ?? 'pretty', level: config.logLevel });
    useLogger(logger);
    guardProcess();
    const database = await openDatabaseWhenReachable(config.storage);
    return { config, provider: await startProvider({ ...config, database, logger, demoStaff: true }) };
  } catch (error) {
    // A bad setting or a busy data folder: one readable line, not a stack trace.
    console.error(`Could not start the provider: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const { config, provider } = await start();

// Listening on every interface: print an address a browser on this machine can open.
const shownUrl = config.host === '0.0.0.0' || config.host === '::' ? `http://localhost:${provider.port}` : provider.url;
console.log(`Amber Table provider listening on ${shownUrl}`);
console.log(
  `  API:      ${shownUrl}/api/v1/ (Authorization: Bearer ${config.token === 'demo-token' ? 'demo-token' : '<PROVIDER_TOKEN>'})`,
);
console.log(`  Storage:  ${describeStorage(config.storage)}`);
console.log(
  `  Kitchen:  ${config.kitchenSeconds > 0 ? `demo autopilot, ${config.kitchenSeconds} s per step` : 'staff move orders at /staff (autopilot off; PROVIDER_KITCHEN_SECONDS=30 turns it on)'}`,
);
if (config.manager) {
  console.log(`  Staff:    ${shownUrl}/staff, sign in as ${config.manager.name} with PROVIDER_MANAGER_PASSWORD`);
} else if (provider.createdStaff.length > 0) {
  console.log(
    `  Staff:    ${shownUrl}/staff — demo accounts, passwords shown this once (set PROVIDER_MANAGER_PASSWORD for real ones):`,
  );
  for (const account of provider.createdStaff) {
    console.log(`            ${account.name} (${account.role}): ${account.password}`);
  }
} else {
  console.log(
    `  Staff:    ${shownUrl}/staff, with the accounts made earlier (PROVIDER_MANAGER_PASSWORD resets the manager's)`,
  );
}
console.log(
  `  App:      ${existsSync(config.staticDir) ? `served from ${config.staticDir}/` : `not built (no ${config.staticDir}/): run npm run build`}`,
);

// The QR code each table carries: the app opened at that table, with the key that lets it order there.
const tables = await provider.db.query<{ id: number; name: string; table_key: string }>(
  'SELECT id, name, table_key FROM dining_tables ORDER BY id',
);
console.log(
  `  Tables:   ${config.tableKeys === 'required' ? 'orders need the table key' : 'table key checked when sent'}; QR links:`,
);
for (const table of tables) {
  console.log(`    ${table.name.padEnd(12)} ${shownUrl}/?table=${table.id}&key=${table.table_key}`);
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, stopping the provider…`);
  try {
    await provider.close();
    await flushLog();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'Could not stop cleanly');
    await flushLog();
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
