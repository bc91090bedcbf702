// Before the browsers: one demo provider's first start (migrations, demo menu and tables, the manager's password),
// kept as the data folder every demo provider of the run copies instead of doing the same work again.
// `npm test` makes it beside the build (make-template.ts, E2E_PREPARED_TEMPLATE); otherwise it is made here.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  BUILD_ENV,
  buildProvider,
  E2E_MANAGER_PASSWORD,
  providerBuildFolder,
  startProviderProcess,
  TEMPLATE_ENV,
} from './provider-process';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Made without a template or a build: folders left over from an earlier run's environment are not this run's.
  delete process.env[TEMPLATE_ENV];
  delete process.env[BUILD_ENV];
  const preparedBuild = process.env.E2E_PREPARED_BUILD;
  const prepared = process.env.E2E_PREPARED_TEMPLATE;
  // The workers inherit this process's environment.
  process.env[BUILD_ENV] =
    preparedBuild && existsSync(preparedBuild) ? preparedBuild : await buildProvider(providerBuildFolder());
  if (prepared && existsSync(prepared)) {
    process.env[TEMPLATE_ENV] = prepared;
  } else {
    const provider = await startProviderProcess({ env: { PROVIDER_MANAGER_PASSWORD: E2E_MANAGER_PASSWORD } });
    await provider.stop();
    process.env[TEMPLATE_ENV] = provider.dataDir;
  }
  return async () => {
    await rm(process.env[TEMPLATE_ENV]!, { recursive: true, force: true });
    await rm(process.env[BUILD_ENV]!, { recursive: true, force: true });
  };
}
