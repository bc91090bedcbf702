// `npm run dev`: the provider on 127.0.0.1:4174 and Vite with hot reload in front of it (proxying /api and /images).
import { createServer } from 'vite';
import { readConfig } from '../server/config';
import { describeStorage } from '../server/db/open-database';
import { startProvider } from '../server/start';

const providerPort = process.env.PROVIDER_PORT ?? '4174';
// vite.config.ts reads PROVIDER_URL when the dev server loads it, so the proxy follows the port chosen here.
process.env.PROVIDER_URL = `http://127.0.0.1:${providerPort}`;

const config = readConfig({ ...process.env, PORT: providerPort, HOST: '127.0.0.1' });
const provider = await startProvider(config);
console.log(
  `Provider on ${provider.url} (${describeStorage(config.storage)}, kitchen ${config.kitchenSeconds || 'off'}${config.kitchenSeconds ? ' s per step' : ''})`,
);

const vite = await createServer();
await vite.listen();
vite.printUrls();

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Vite and the provider…');
  await Promise.allSettled([vite.close(), provider.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
