// `npm test`'s e2e-data phase, run beside the build: the demo provider's first start (migrations, demo menu and
// tables, the manager's password), left where E2E_PREPARED_TEMPLATE says for the browser tests' global setup to use.
import { rename, rm } from 'node:fs/promises';
import { E2E_MANAGER_PASSWORD, startProviderProcess, TEMPLATE_ENV } from './provider-process';

const out = process.env.E2E_PREPARED_TEMPLATE;
if (!out) throw new Error('E2E_PREPARED_TEMPLATE names no folder to leave the demo database in');
delete process.env[TEMPLATE_ENV];
await rm(out, { recursive: true, force: true });
// The build is not there yet: the provider is up once it serves the public folder's favicon instead.
const provider = await startProviderProcess({
  env: { PROVIDER_MANAGER_PASSWORD: E2E_MANAGER_PASSWORD, STATIC_DIR: 'public' },
});
await provider.stop();
await rename(provider.dataDir, out);
