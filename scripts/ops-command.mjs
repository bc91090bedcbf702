// `npm run backup` and `npm run restore`: from the source through tsx in a working copy, or compiled (dist-server/ops.js,
// made by npm run build:server) where only the runtime packages are installed, as on a production server.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const compiled = new URL('../dist-server/ops.js', import.meta.url);

async function load() {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api');
  } catch {
    if (!existsSync(compiled)) throw new Error('Run npm run build:server first (or npm ci for the development tools)');
    return import(compiled.href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import('../server/ops/backup-cli.ts');
}

const { runBackupCommand } = await load();
process.exitCode = await runBackupCommand(process.argv.slice(2));
