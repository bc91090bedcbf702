// Starts the reference provider for the end-to-end run: a fresh database, a quick kitchen, the built app from dist/.
import { rmSync } from 'node:fs';

process.env.PROVIDER_DATA_DIR ??= '.data/e2e';
process.env.PROVIDER_KITCHEN_SECONDS ??= '2';
// Every spec orders at a few tables within a minute or two: a limit well above that, still enforced.
process.env.PROVIDER_TABLE_ORDERS_PER_MINUTE ??= '60';
// Each run starts from the seeded demo restaurant, so results do not depend on earlier runs.
rmSync(process.env.PROVIDER_DATA_DIR, { recursive: true, force: true });
delete process.env.DATABASE_URL;

await import('../../../server/main');
