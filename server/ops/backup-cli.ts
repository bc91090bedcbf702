// `npm run backup -- FILE` and `npm run restore -- FILE [--force]`, on the database the provider's settings name.
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { describeStorage } from '../db/open-database';
import { backupDatabase, restoreDatabase } from './backup';

const USAGE = [
  'Usage: npm run backup -- FILE            copies the database the provider uses into FILE',
  '       npm run restore -- FILE [--force]  puts FILE back (--force: even over a database that holds data)',
  'The database is the provider’s: DATABASE_URL (PostgreSQL), else PROVIDER_DATA_DIR (PGlite, default .data/provider).',
].join('\n');

export async function runBackupCommand(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: [...rest],
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (values.help || (command !== 'backup' && command !== 'restore') || !file || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const { storage } = readConfig();
  try {
    if (command === 'backup') {
      const { bytes, orders } = await backupDatabase(storage, file);
      console.log(
        `Backed up ${describeStorage(storage)} to ${file} (${(bytes / 1024).toFixed(0)} KiB, ${orders} orders).`,
      );
      console.log('It holds staff password hashes and the order-key secret: keep it as private as the database.');
    } else {
      const { orders, setAside } = await restoreDatabase(storage, file, { force: values.force });
      console.log(`Restored ${file} into ${describeStorage(storage)} (${orders} orders).`);
      if (setAside) console.log(`The database that was there is kept in ${setAside}.`);
      console.log(
        'Start the provider: it applies any newer migrations; order keys made before open their orders again (with the same PROVIDER_SECRET, if one is set).',
      );
    }
    return 0;
  } catch (error) {
    console.error(`Could not ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
