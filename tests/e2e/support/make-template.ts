// `npm test`'s e2e-data phase, run beside the build: the compiled provider, then (on PGlite) the demo provider's first
// start (migrations, demo menu and tables, the manager's password), left where E2E_PREPARED_BUILD and
// E2E_PREPARED_TEMPLATE say for the browser tests' global setup to use.
import { rename, rm } from 'node:fs/promises';
import { BUILD_ENV, buildProvider, E2E_MANAGER_PASSWORD, startProviderProcess, TEMPLATE_ENV } from './provider-process';

const out = process.env.E2E_PREPARED_TEMPLATE;
const build = process.env.E2E_PREPARED_BUILD;
if (!out || !build) throw new Error('E2E_PREPARED_TEMPLATE and E2E_PREPARED_BUILD name no folders to leave things in');
delete process.env[TEMPLATE_ENV];
await rm(out, { recursive: true, force: true });
process.env[BUILD_ENV] = await buildProvider(build);
// With a PostgreSQL server the demo database is made there, by the global setup, in a second or two.
if (!process.env.DATABASE_URL) {
  // The build is not there yet: the provider is up once it serves the public folder's favicon instead.
  const provider = await startProviderProcess({
    env: { PROVIDER_MANAGER_PASSWORD: E2E_MANAGER_PASSWORD, STATIC_DIR: 'public' },
  });
  await provider.stop();
  await rename(provider.dataDir, out);
}
