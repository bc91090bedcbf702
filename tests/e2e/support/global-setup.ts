// Before the browsers: the compiled provider, and one demo provider's first start (migrations, demo menu and tables, the
// manager's password) kept as the database every demo provider of the run copies instead of doing the same work again:
// a database on the run's PostgreSQL server when it has one (DATABASE_URL), else a PGlite data folder.
// `npm test` makes the build and the folder beside the app's build (make-template.ts); otherwise they are made here.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  BUILD_ENV,
  buildProvider,
  E2E_MANAGER_PASSWORD,
  providerBuildFolder,
  startProviderProcess,
  TEMPLATE_DB_ENV,
  TEMPLATE_ENV,
} from './provider-process';
import { ownDatabase } from '../../support/postgres-admin';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Every provider serves the app's build: without it, each test would wait for a page that never comes.
  if (!existsSync('dist/index.html')) {
    throw new Error('The browser tests need the app built in dist/: run `npx vite build` first, or `npm test -- e2e`.');
  }
  // Made without a template or a build: folders left over from an earlier run's environment are not this run's.
  delete process.env[TEMPLATE_ENV];
  delete process.env[TEMPLATE_DB_ENV];
  delete process.env[BUILD_ENV];
  const preparedBuild = process.env.E2E_PREPARED_BUILD;
  const prepared = process.env.E2E_PREPARED_TEMPLATE;
  // The workers inherit this process's environment.
  const build = preparedBuild && existsSync(preparedBuild) ? preparedBuild : await buildProvider(providerBuildFolder());
  process.env[BUILD_ENV] = build;
  const server = process.env.DATABASE_URL;
  if (server) {
    // A run with a PostgreSQL server: the demo database is made there (a second or two), and copied by the server.
    const template = await ownDatabase(server, 'e2e_template');
    const provider = await startProviderProcess({
      env: { DATABASE_URL: template.url, PROVIDER_MANAGER_PASSWORD: E2E_MANAGER_PASSWORD },
    });
    await provider.stop();
    await provider.dispose();
    process.env[TEMPLATE_DB_ENV] = template.name;
    return async () => {
      await template.drop();
      await rm(build, { recursive: true, force: true });
    };
  }
  if (prepared && existsSync(prepared)) {
    process.env[TEMPLATE_ENV] = prepared;
  } else {
    const provider = await startProviderProcess({ env: { PROVIDER_MANAGER_PASSWORD: E2E_MANAGER_PASSWORD } });
    await provider.stop();
    process.env[TEMPLATE_ENV] = provider.dataDir;
  }
  const template = process.env[TEMPLATE_ENV];
  return async () => {
    await rm(template, { recursive: true, force: true });
    await rm(build, { recursive: true, force: true });
  };
}
