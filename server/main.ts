// `npm run provider`: starts the reference provider from environment variables and stops it cleanly on Ctrl-C.
import { existsSync } from 'node:fs';
import { readConfig } from './config';
import { describeStorage, openDatabaseWhenReachable } from './db/open-database';
import { createLogger, flushLog, log, useLogger } from './ops/log';
import { guardProcess } from './ops/process-guards';
import { startBanner } from './start-banner';
import { startProvider } from './start';

async function start() {
  try {
    const config = readConfig();
    // For people, and only problems and notable events by default, so the start's block stays in view; a line per
    // request with PROVIDER_LOG_LEVEL=info, JSON for a log collector with PROVIDER_LOG=json.
    const logger = createLogger({ format: config.logFormat ?? 'pretty', level: config.logLevel ?? 'warn' });
    useLogger(logger);
    guardProcess();
    const database = await openDatabaseWhenReachable(config.storage);
    return { config, provider: await startProvider({ ...config, database, logger, demoStaff: true }) };
  } catch (error) {
    // A bad setting, a busy data folder or a busy port: one readable line, not a stack trace.
    const busyPort = (error as { code?: unknown }).code === 'EADDRINUSE';
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `Could not start the provider: ${busyPort ? `${reason}. Stop what uses that port, or start on another one with PORT=…` : reason}`,
    );
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
console.log(
  `  Tables:   ${config.tableKeys === 'required' ? 'orders need the table key (PROVIDER_TABLE_KEYS=required)' : 'table key checked when sent'}`,
);
console.log(`  Contract: ${shownUrl}/api/v1/openapi.json (OpenAPI 3.1)`);
console.log('');

// Last, where a newcomer looks: the address, how staff sign in, where the QR codes are.
const [firstTable] = await provider.db.query<{ id: number; name: string; key: string }>(
  'SELECT id, name, table_key AS key FROM dining_tables ORDER BY id LIMIT 1',
);
const banner = startBanner({
  url: shownUrl,
  app: { built: existsSync(config.staticDir), dir: config.staticDir },
  staff: config.manager
    ? { kind: 'configured', name: config.manager.name }
    : provider.createdStaff.length > 0
      ? { kind: 'created', accounts: provider.createdStaff }
      : { kind: 'existing' },
  firstTable,
  dataDir: config.storage.kind === 'pglite' ? config.storage.dataDir : undefined,
});
console.log(banner.join('\n'));

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
